"""skip: contextlib.ExitStack used inside the compiled fn to enter torch.no_grad()."""
import contextlib
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x, freeze):
    with contextlib.ExitStack() as stack:
        if freeze:
            stack.enter_context(torch.no_grad())
        y = x * 2 + 1
    return y.requires_grad


w = torch.ones(3, requires_grad=True)
print(f(w, True))
print(f(w, False))
print(f(w, True))
