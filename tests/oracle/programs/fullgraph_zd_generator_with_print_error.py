"""fullgraph: a generator helper prints between yields under fullgraph=True -- error raised and caught by the script."""
import torch


def gen(x):
    yield x + 1
    print("between")
    yield x + 2


@torch.compile(backend="eager", fullgraph=True)
def f(x):
    return sum(gen(x))


try:
    print(f(torch.ones(2)))
except Exception as e:
    print(type(e).__name__)
