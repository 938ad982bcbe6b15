"""recomp: a frozenset argument intersected with a constant set decides a scale; equal frozensets hit, a different one recompiles -- test_sets.py frozenset guards."""
import torch


@torch.compile
def fn(x, fs):
    common = fs & {1, 2, 3}
    return x * len(common) + max(fs)


x = torch.ones(2)
print(fn(x, frozenset({1, 5})).sum().item())
print(fn(x, frozenset({5, 1})).sum().item())
print(fn(x, frozenset({1, 2, 9})).sum().item())
print(fn(x, frozenset({1, 2, 9})).sum().item())
