"""recomp: a mutable default list argument appended to inside the compiled function -- test_functions.py DefaultsTests test_func_default_tensor_args (mutated defaults)."""
import torch

@torch.compile
def f(x, seen=[]):
    seen.append(1)
    return x * len(seen)

for _ in range(4):
    f(torch.ones(3))
