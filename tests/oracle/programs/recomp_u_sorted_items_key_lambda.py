"""recomp: `sorted(PRIORITY.items(), key=lambda kv: kv[1])` orders the ops applied; a global dict's values change between calls so the order changes -- test_functions.py test_sorted_key_lambda / test_dicts.py items."""
import torch

PRIORITY = {"add": 1, "mul": 2, "neg": 3}
OPS = {"add": lambda t: t + 2, "mul": lambda t: t * 3, "neg": lambda t: -t}


@torch.compile
def f(x):
    for name, _ in sorted(PRIORITY.items(), key=lambda kv: kv[1]):
        x = OPS[name](x)
    return x


x = torch.ones(2)
print(f(x).tolist())
PRIORITY["add"] = 5
print(f(x).tolist())
PRIORITY["mul"] = 10
print(f(x).tolist())
