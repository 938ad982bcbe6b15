"""recomp: two different __torch_function__ subclasses (one rewrites sigmoid into exp) alternate as the input of one compiled function -- test_subclasses.py test_torch_function_call_on_method / subclass type guards."""
import torch


class Plain(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs or {})


class SigToExp(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if func == torch.Tensor.sigmoid:
            func = torch.Tensor.exp
        return super().__torch_function__(func, types, args, kwargs or {})


@torch.compile
def f(w):
    return w.sigmoid() + 1


x = torch.zeros(3)
print(f(x.as_subclass(Plain)).tolist())
print(f(x.as_subclass(SigToExp)).tolist())
print(f(x.as_subclass(Plain)).tolist())
print(f(x.as_subclass(SigToExp)).tolist())
