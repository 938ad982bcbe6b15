"""recomp: a SimpleNamespace argument holds a nested namespace whose int field picks a loop count; the nested field is changed on the same object between calls -- test_guard_serialization.py test_offending_value_path_is_found_by_identity (guards on p.deep.*)."""
import types
import torch


@torch.compile
def fn(x, p):
    for _ in range(p.deep.n):
        x = x * p.deep.k
    return x


torch.manual_seed(0)
p = types.SimpleNamespace(deep=types.SimpleNamespace(n=2, k=2.0), other="a")
x = torch.ones(3)
print(round(fn(x, p).sum().item(), 4))
p.other = "b"
print(round(fn(x, p).sum().item(), 4))
p.deep.n = 3
print(round(fn(x, p).sum().item(), 4))
p.deep = types.SimpleNamespace(n=3, k=0.5)
print(round(fn(x, p).sum().item(), 4))
