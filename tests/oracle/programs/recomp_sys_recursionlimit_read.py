"""recomp: the frame reads sys.getrecursionlimit() and sys.maxsize to pick a depth; the user lowers the recursion limit between calls -- test_sys.py SysModuleTest test_recursionlimit."""
import sys
import torch


@torch.compile
def f(x):
    depth = 3 if sys.getrecursionlimit() >= 1000 else 1
    for _ in range(depth):
        x = x * 2
    return x + (sys.maxsize > 2**32)


x = torch.ones(2)
print(f(x))
print(f(x))
old = sys.getrecursionlimit()
sys.setrecursionlimit(900)
print(f(x))
sys.setrecursionlimit(old)
print(f(x))
