"""recomp: a global container that is a tuple, then a list with the same items; the fn branches on isinstance -- test_list.py / test_tuple.py container type guard."""
import torch

DIMS = (2, 3)


@torch.compile(backend="eager")
def f(x):
    s = x * DIMS[0] + DIMS[1]
    if isinstance(DIMS, list):
        s = s * 10
    return s


x = torch.ones(2)
for d in ((2, 3), (2, 3), [2, 3], (2, 3)):
    DIMS = d
    print(f(x).tolist())
