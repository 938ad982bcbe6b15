"""misc: an ExceptionGroup raised in the frame and handled with except* into per-type counts -- test_except_star.py / test_exception_group.py (cpython 3.13) ExceptionGroup handling."""
import torch


@torch.compile
def f(x):
    hits = []
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), ValueError(3)])
    except* ValueError as g:
        hits.append(len(g.exceptions))
    except* TypeError as g:
        hits.append(10 * len(g.exceptions))
    return x * sum(hits)


x = torch.ones(2)
print(f(x))
print(f(x))
