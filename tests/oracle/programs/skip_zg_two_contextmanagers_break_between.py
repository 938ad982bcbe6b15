"""skip: two nested @contextmanager user ctxs, graph break in the outer body after the inner one closes."""
import contextlib
import torch

torch.manual_seed(0)

LOG = []


@contextlib.contextmanager
def tag(name):
    LOG.append("enter " + name)
    try:
        yield name
    finally:
        LOG.append("exit " + name)


@torch.compile(backend="eager")
def f(x):
    with tag("outer"):
        with tag("inner") as n:
            x = x + len(n)
        print("between")
        x = x * 2
    return x


print(f(torch.ones(2)))
print(f(torch.ones(2)))
print(len(LOG))
