"""cfunc: json.dumps of a python config dict inside the compiled frame, then tensor math on the string length."""
import json
import torch

torch.manual_seed(0)

CFG = {"lr": 0.1, "layers": [2, 3]}


@torch.compile(backend="eager")
def f(x):
    y = x + 1
    s = json.dumps(CFG, sort_keys=True)
    return y * len(s)


print(f(torch.ones(2)))
print(f(torch.ones(2)))
