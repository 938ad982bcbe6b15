"""recomp: a Parameter subclass carrying a quant_type instance attribute through __torch_function__ (GGUF-like); the attribute differs between calls -- test_subclasses.py test_parameter_subclass_custom_torch_func_and_dynamic_attr."""
import torch


class QParam(torch.nn.Parameter):
    def __new__(cls, data, requires_grad=False, quant_type=None):
        return torch.Tensor._make_subclass(cls, data, requires_grad)

    def __init__(self, *args, quant_type=None, **kwargs):
        self.quant_type = quant_type

    def as_tensor(self):
        return torch.Tensor._make_subclass(torch.Tensor, self, self.requires_grad)

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        result = super().__torch_function__(func, types, args, kwargs or {})
        qt = None
        for a in args:
            if isinstance(a, QParam):
                qt = a.quant_type
                break
        if isinstance(result, torch.Tensor):
            return cls(result, quant_type=qt)
        return result


@torch.compile
def dequant(x):
    t = x * 2
    t = t + t.quant_type
    t = t.as_tensor()
    return t * 3


a = QParam(torch.ones(2), quant_type=1)
b = QParam(torch.ones(2), quant_type=1)
c = QParam(torch.ones(2), quant_type=7)
print(dequant(a).tolist())
print(dequant(b).tolist())
print(dequant(c).tolist())
print(dequant(a).tolist())
