"""config: recompile_limit=2 kwarg; after a print graph break the resume reads a global dict tensor whose dims change."""
import torch

holder = {"t": torch.zeros(4, 8, 2)}


def body(x):
    y = x.sin()
    print("break")
    return holder["t"].cos().sum() + y.sum()


opt = torch.compile(body, backend="eager", recompile_limit=2)
x = torch.zeros(4, 8, 2)
print(opt(x).item())
holder["t"] = torch.zeros(5, 8, 2)
print(opt(x).item())
holder["t"] = torch.zeros(5, 9, 2)
print(opt(x).item())
holder["t"] = torch.zeros(6, 9, 3)
print(opt(x).item())
