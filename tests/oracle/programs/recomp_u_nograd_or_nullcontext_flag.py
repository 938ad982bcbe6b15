"""recomp: `with torch.no_grad() if NO_GRAD else contextlib.nullcontext():` chosen by a global flag; the result's requires_grad is printed; the flag flips between calls -- test_ctx_manager.py test_nullcontext / no_grad chosen at run time."""
import contextlib
import torch

torch.manual_seed(0)
NO_GRAD = False
w = torch.nn.Parameter(torch.ones(3))


@torch.compile
def f(x):
    ctx = torch.no_grad() if NO_GRAD else contextlib.nullcontext()
    with ctx:
        y = x * w
    return y + 1


x = torch.arange(3.0)
r = f(x)
print(r.tolist(), r.requires_grad)
NO_GRAD = True
r = f(x)
print(r.tolist(), r.requires_grad)
NO_GRAD = False
r = f(x)
print(r.tolist(), r.requires_grad)
