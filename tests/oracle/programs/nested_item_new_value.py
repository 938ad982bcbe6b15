"""nested: `.item()` read into int() inside a called function, a new value on the second call -- test_recompile_ux.py item specialisation, one call deep: only the callee's resume function recompiles (___stack1: int is below the value)."""
import torch


def helper(t):
    n = int(t.sum().item())
    return t * n


@torch.compile
def f(x):
    return helper(x) + 1


f(torch.ones(2))
f(torch.ones(2) * 2)
f(torch.ones(2))
