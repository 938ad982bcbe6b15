"""recomp: an ExitStack in the frame enters N program @contextmanager generators that append to a list, N a global changed between calls -- test_ctx_manager.py / test_contextlib.py TestExitStack enter_context with generator managers."""
import contextlib
import torch

N = 1
LOG = []


@contextlib.contextmanager
def tag(i):
    LOG.append(i)
    try:
        yield i
    finally:
        LOG.append(-i)


@torch.compile
def f(x):
    y = x
    with contextlib.ExitStack() as stack:
        for i in range(N):
            k = stack.enter_context(tag(i + 1))
            y = y * k
    return y + 1


x = torch.ones(3)
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
N = 3
print(round(f(x).sum().item(), 4))
print(LOG)
