"""fullgraph: a nested helper calls .tolist() under fullgraph=True; the error is caught and the call retried eagerly."""
import torch


def helper(x):
    return sum(x.tolist())


@torch.compile(backend="eager", fullgraph=True)
def f(x):
    return x * helper(x)


try:
    print(f(torch.ones(3)))
except Exception as e:
    print("err", type(e).__name__)
print(f.__wrapped__(torch.ones(3)) if hasattr(f, "__wrapped__") else "no")
