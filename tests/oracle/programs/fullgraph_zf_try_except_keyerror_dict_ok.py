"""fullgraph: try/except KeyError around dict lookups and an else branch traces with fullgraph=True."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager", fullgraph=True)
def f(d, x):
    try:
        s = d["scale"]
    except KeyError:
        s = torch.ones(1)
    else:
        s = s * 2
    try:
        b = d["bias"]
    except KeyError:
        b = x * 0
    return x * s + b


x = torch.arange(3.0)
print(f({"scale": torch.tensor(3.0)}, x))
print(f({"bias": torch.ones(3)}, x))
print(f({"scale": torch.tensor(1.0), "bias": torch.ones(3)}, x))
