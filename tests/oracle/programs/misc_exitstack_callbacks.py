"""misc: contextlib.ExitStack inside the frame enters nullcontext/no_grad and registers callbacks that append to a global list; the number of callbacks is an int argument -- test_contextlib.py TestExitStack test_callback / test_enter_context."""
import contextlib
import torch

LOG = []


@torch.compile
def f(x, n):
    with contextlib.ExitStack() as stack:
        stack.enter_context(contextlib.nullcontext())
        for i in range(n):
            stack.callback(LOG.append, i)
        y = x * 2
    return y + len(LOG)


x = torch.ones(2)
print(f(x, 1))
print(f(x, 1))
print(f(x, 2))
print(LOG)
