"""misc: the frame raises ValueError with a tensor in its args and catches it, then uses e.args[0]; a float argument changes between calls -- test_exceptions.py test_exception_with_tensor_args / exceptions carrying tensors."""
import torch


@torch.compile
def f(x, s):
    try:
        raise ValueError(x * s, "tag")
    except ValueError as e:
        t, tag = e.args
        return t + len(tag)


x = torch.ones(3)
for s in (2.0, 2.0, 3.5):
    print(round(f(x, s).sum().item(), 4))
