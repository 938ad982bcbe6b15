# A __torch_dispatch__ wrapper subclass (a scaled tensor with an optional
# inner tensor, as torchao's quantized tensors are built): Dynamo's graph
# holds the operator on the subclass, and what __torch_dispatch__ does below
# is not Dynamo's (no break at the subclass's constructor). Its flatten
# metadata is guarded: the scale present or absent recompiles (tests/oracle
# recomp_wrapper_subclass_optional_inner). --verify finds nothing.
# expect-entries: 2
# expect-unsound: 0
# expect-reason: 0/0: x.__tensor_flatten__()[0] == ['data_']
import torch


class Scaled(torch.Tensor):
    def __new__(cls, data, scale):
        return torch.Tensor._make_wrapper_subclass(
            cls, data.size(), strides=data.stride(), storage_offset=data.storage_offset(),
            dtype=data.dtype, layout=data.layout, requires_grad=data.requires_grad, device=data.device)

    def __init__(self, data, scale):
        self.data_ = data
        self.scale = scale

    def __tensor_flatten__(self):
        return (["data_", "scale"] if self.scale is not None else ["data_"]), None

    @staticmethod
    def __tensor_unflatten__(inner, meta, outer_size, outer_stride):
        return Scaled(inner["data_"], inner.get("scale"))

    @classmethod
    def __torch_dispatch__(cls, func, types, args, kwargs=None):
        s = args[0]
        out = func(s.data_, *args[1:], **(kwargs or {}))
        return Scaled(out * s.scale if s.scale is not None else out, s.scale)


@torch.compile(fullgraph=True)
def f(x):
    return x * 2 + 1


plain = Scaled(torch.ones(2, 3), None)
scaled = Scaled(torch.ones(2, 3), torch.full((2, 3), 3.0))
print(f(plain).data_.sum().item())
print(f(scaled).data_.sum().item())
print(f(plain).data_.sum().item())
