"""sidefx: a global set of pending layer ids is consumed inside the frame (`if lid in PENDING: PENDING.discard(lid)`), so the same call behaves differently the second time -- test_set.py TestSet test_discard / test_set.py membership after mutation."""
import torch

PENDING = {1, 2}


@torch.compile
def f(x, lid):
    if lid in PENDING:
        PENDING.discard(lid)
        return x * 10
    return x + len(PENDING)


x = torch.ones(2)
print(f(x, 1))
print(f(x, 1))
print(f(x, 2))
print(f(x, 2))
print(sorted(PENDING))
