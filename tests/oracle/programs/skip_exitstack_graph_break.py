"""skip: a graph break (print) inside a `with contextlib.ExitStack()` block in the frame -- test_contextlib.py TestExitStack with a graph break in the body."""
import contextlib
import torch


@torch.compile
def f(x):
    y = x + 1
    with contextlib.ExitStack() as stack:
        stack.enter_context(torch.no_grad())
        y = y * 2
        print("inside stack")
        y = y.sin()
    return y.cos()


x = torch.ones(2)
print(f(x))
print(f(x))
