"""fullgraph: under fullgraph=True a nested helper raises ValueError (constant message) for a negative int argument; Dynamo reports it as an Unsupported "Observed exception" (no handler in the fullgraph frame), which the caller catches -- test_exceptions.py exceptions raised out of fullgraph frames."""
import torch


def check(x, n):
    if n < 0:
        raise ValueError("bad n")
    return x * n


@torch.compile(fullgraph=True)
def f(x, n):
    return check(x.sin(), n) + 1


x = torch.ones(3)
print(round(f(x, 2).sum().item(), 4))
for n in (-1, -3, 3):
    try:
        print(round(f(x, n).sum().item(), 4))
    except Exception as e:
        print("caught", type(e).__name__)
