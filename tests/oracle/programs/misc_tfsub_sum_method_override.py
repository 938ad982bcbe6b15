"""misc: a subclass overrides sum() in Python (calls super().sum and as_subclass); the compiled function casts the input with as_subclass and calls sum(dim=1), first with a 2-D then 3-D input -- test_subclasses.py test_subclass_method_override."""
import torch


class MyT(torch.Tensor):
    def sum(self, dim=None, keepdim=False):
        return super().sum(dim=dim, keepdim=keepdim).as_subclass(MyT)


@torch.compile
def fn(x):
    y = x.as_subclass(MyT)
    return y.sum(dim=1)


for shape in ((4, 10), (4, 10), (2, 3, 5)):
    r = fn(torch.ones(*shape))
    print(type(r).__name__, list(r.shape), r.flatten()[0].item())
