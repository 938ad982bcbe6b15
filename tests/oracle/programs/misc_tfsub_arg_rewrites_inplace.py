"""misc: a plain tensor's add_ receives a __torch_function__ subclass as argument, whose override turns add_ into sub_; then a plain argument is passed -- test_subclasses.py test_torch_function_call_on_method_arg."""
import torch


class Flip(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if func == torch._C.TensorBase.add_:
            func = torch._C.TensorBase.sub_
        return super().__torch_function__(func, types, args, kwargs or {})


@torch.compile
def f(a, w):
    a.add_(w)
    return a * 2


w = torch.ones(2, 2).as_subclass(Flip)
print(f(torch.zeros(2, 2), w).tolist())
print(f(torch.zeros(2, 2), w).tolist())
print(f(torch.zeros(2, 2), torch.ones(2, 2)).tolist())
