"""recomp: a compiled function multiplies by a leaf weight; it is called under no_grad, enable_grad, set_grad_enabled(False) and inference_mode and the output's requires_grad and grad_fn presence are printed -- test_recompiles.py grad mode guard."""
import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)


@torch.compile
def f(x):
    return (x * w).relu() + 1


x = torch.ones(3)


def show(y):
    print(y.requires_grad, y.grad_fn is None, [round(v, 4) for v in y.tolist()])


show(f(x))
with torch.no_grad():
    show(f(x))
with torch.enable_grad():
    show(f(x))
with torch.set_grad_enabled(False):
    show(f(x))
show(f(x))
