"""misc: compiled fn raises an uncaught ValueError on bad flag; caller catches it, then calls again."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x, mode):
    y = x.relu()
    if mode not in ("sum", "mean"):
        raise ValueError(f"bad mode {mode}")
    return y.sum() if mode == "sum" else y.mean()


x = torch.tensor([1.0, -2.0, 3.0])
print(f(x, "sum"))
try:
    f(x, "max")
except ValueError as e:
    print("caught", e)
print(f(x, "mean"))
