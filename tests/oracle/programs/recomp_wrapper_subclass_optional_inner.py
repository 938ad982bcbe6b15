"""recomp: a __torch_dispatch__ wrapper subclass whose optional inner tensor (scale) is absent on one call and present on the next, and back -- test_subclasses.py test_recompiles_with_optional_inner_tensor."""
import torch


class OptScaled(torch.Tensor):
    def __new__(cls, data, scale):
        return torch.Tensor._make_wrapper_subclass(
            cls, data.size(), strides=data.stride(), storage_offset=data.storage_offset(),
            dtype=data.dtype, layout=data.layout, requires_grad=data.requires_grad, device=data.device)

    def __init__(self, data, scale):
        self._data = data
        self._scale = scale

    def __tensor_flatten__(self):
        if self._scale is not None:
            return ["_data", "_scale"], None
        return ["_data"], None

    @staticmethod
    def __tensor_unflatten__(inner, meta, outer_size, outer_stride):
        return OptScaled(inner["_data"], inner.get("_scale", None))

    @classmethod
    def __torch_dispatch__(cls, func, types, args, kwargs=None):
        s = args[0]
        out = func(s._data, *args[1:], **(kwargs or {}))
        if s._scale is not None:
            out = out * s._scale
        return OptScaled(out, s._scale)

    def __repr__(self):
        return f"OptScaled({self._data!r})"


@torch.compile
def f(x):
    return x + 1


a = OptScaled(torch.ones(2, 3), None)
b = OptScaled(torch.ones(2, 3), torch.full((2, 3), 2.0))
print(f(a)._data.sum().item())
print(f(a)._data.sum().item())
print(f(b)._data.sum().item())
print(f(a)._data.sum().item())
