"""recomp: a __torch_function__ subclass has a class attribute (scale) read in the compiled function; the class attribute changes between calls -- test_subclasses.py test_tensor_subclass_custom_attr."""
import torch


class AttrSub(torch.Tensor):
    scale: int = 10

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs or {})


@torch.compile(fullgraph=True)
def f(x):
    return x.scale + torch.ones(2, 2)


x = torch.ones(2, 2).as_subclass(AttrSub)
print(f(x).sum().item())
AttrSub.scale = 20
print(f(x).sum().item())
print(f(torch.zeros(2, 2).as_subclass(AttrSub)).sum().item())
AttrSub.scale = 10
print(f(x).sum().item())
