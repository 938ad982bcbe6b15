"""config: torch.compile(fullgraph=True, recompile_limit=1) -- a dtype change past the limit raises."""
import torch


def sin_it(x):
    return x.sin() + 1


opt = torch.compile(sin_it, backend="eager", fullgraph=True, recompile_limit=1)
print(opt(torch.zeros(3)))
try:
    print(opt(torch.zeros(3, dtype=torch.float64)))
except Exception as e:
    print("raised", type(e).__name__)
print(opt(torch.zeros(3)))
