"""recomp: a global dict keyed by (name, int) tuples caches per-config scales; the frame looks up a tuple built from its arguments, and the user inserts a new entry -- test_tuple.py TupleTest test_hash / tuples as dict keys."""
import torch

TABLE = {("lin", 2): 3.0}


@torch.compile
def f(x, name, n):
    s = TABLE.get((name, n))
    if s is None:
        return x - 1
    return x * s


x = torch.ones(2)
print(f(x, "lin", 2))
print(f(x, "lin", 2))
print(f(x, "lin", 3))
TABLE[("lin", 3)] = 5.0
print(f(x, "lin", 3))
