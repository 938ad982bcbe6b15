"""recomp: `match DIMS` with sequence patterns of length 1, 2 and more on a global list that is appended to between calls -- test_misc.py test_match_sequence / PEP 634 sequence patterns."""
import torch

DIMS = [4]


@torch.compile
def f(x):
    match DIMS:
        case [n]:
            return x.reshape(n)
        case [a, b]:
            return x.reshape(a, b).sum(1)
        case [a, *rest]:
            return x.reshape(a, -1).mean(1)


x = torch.arange(4.0)
print(f(x).tolist())
DIMS.append(1)
print(f(x).tolist())
DIMS[1] = 2
DIMS[0] = 2
print(f(x).tolist())
DIMS.append(1)
print(f(x).tolist())
