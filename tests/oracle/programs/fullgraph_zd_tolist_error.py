"""fullgraph: .tolist() under fullgraph=True raises; the program catches the error -- test_misc.py fullgraph unsupported."""
import torch


@torch.compile(backend="eager", fullgraph=True)
def f(x):
    vals = x.tolist()
    return x * len(vals)


try:
    print(f(torch.ones(3)))
except Exception as e:
    print(type(e).__name__)
