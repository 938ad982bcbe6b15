"""recomp: a __torch_dispatch__ wrapper subclass whose flatten metadata holds a constant; the same constant reuses the entry, a different constant recompiles (subclass metadata guard) -- test_subclasses.py test_tensor_subclass_ctx_guards."""
import torch
import torch.utils._pytree as pytree


class CtxT(torch.Tensor):
    @staticmethod
    def __new__(cls, a, constant):
        return torch.Tensor._make_wrapper_subclass(
            cls, a.shape, strides=a.stride(), storage_offset=a.storage_offset(),
            device=a.device, layout=a.layout, requires_grad=a.requires_grad, dtype=a.dtype)

    def __init__(self, a, constant):
        self.a = a
        self.constant = constant

    def __repr__(self):
        return f"CtxT({self.a!r}, {self.constant})"

    def __tensor_flatten__(self):
        return ["a"], (self.constant,)

    @staticmethod
    def __tensor_unflatten__(inner, meta, sizes, strides):
        return CtxT(inner["a"], meta[0])

    @classmethod
    def __torch_dispatch__(cls, func, types, args, kwargs=None):
        kwargs = kwargs or {}
        c = max(x.constant for x in pytree.tree_leaves(args) if isinstance(x, CtxT))
        ua = pytree.tree_map_only(CtxT, lambda x: x.a, args)
        uk = pytree.tree_map_only(CtxT, lambda x: x.a, kwargs)
        out = func(*ua, **uk)
        return pytree.tree_map_only(torch.Tensor, lambda t: CtxT(t, c), out)


@torch.compile(fullgraph=True)
def sq(x):
    return x * x


print(sq(CtxT(torch.ones(2), 3)).constant)
print(sq(CtxT(torch.ones(2) * 2, 3)).constant)
print(sq(CtxT(torch.ones(2), 4)).constant)
print(sq(CtxT(torch.ones(2), 3)).a.tolist())
