"""recomp: a helper created by exec() into a plain dict namespace (its __globals__ is that dict, not a module's); the namespace's K is rebound between calls -- test_global.py / test_functions.py functions with custom globals."""
import torch

NS = {"torch": torch, "K": 2.0}
exec("def helper(x):\n    return x * K + 1\n", NS)
helper = NS["helper"]


@torch.compile(backend="eager")
def f(x):
    return helper(x.sin())


x = torch.arange(3.0)
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
NS["K"] = 5.0
print(round(f(x).sum().item(), 4))
