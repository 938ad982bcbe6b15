"""recomp: a wrapper tensor subclass carries flatten metadata (a scale) that its __torch_dispatch__ applies; later an instance with another scale -- test_guard_serialization.py test_tensor_subclass_metadata_match."""
import torch
import torch.utils._pytree as pytree


class Scaled(torch.Tensor):
    @staticmethod
    def __new__(cls, a, scale, outer_size=None, outer_stride=None):
        if outer_size is None:
            outer_size = a.size()
        if outer_stride is None:
            outer_stride = a.stride()
        return torch.Tensor._make_wrapper_subclass(
            cls, outer_size, strides=outer_stride, storage_offset=a.storage_offset(),
            device=a.device, dtype=a.dtype, requires_grad=a.requires_grad)

    def __init__(self, a, scale, outer_size=None, outer_stride=None):
        self.a = a
        self.scale = scale

    @classmethod
    def __torch_dispatch__(cls, func, types, args, kwargs):
        kwargs = kwargs or {}
        scale = [a.scale for a in args if isinstance(a, Scaled)][0]
        args_a = pytree.tree_map_only(Scaled, lambda x: x.a * x.scale, args)
        out = func(*args_a, **kwargs)
        if isinstance(out, torch.Tensor):
            return Scaled(out / scale, scale)
        return out

    def __tensor_flatten__(self):
        return ["a"], {"scale": self.scale}

    @staticmethod
    def __tensor_unflatten__(inner, meta, outer_size, outer_stride):
        return Scaled(inner["a"], meta["scale"], outer_size, outer_stride)


@torch.compile
def fn(x):
    y = x * 2
    return y.a * y.scale


torch.manual_seed(0)
base = torch.randn(3)
print(round(fn(Scaled(base, 1.0)).sum().item(), 4))
print(round(fn(Scaled(base + 1, 1.0)).sum().item(), 4))
print(round(fn(Scaled(base, 3.0)).sum().item(), 4))
