"""recomp: `3 in s` on a set argument: an unrelated element added fails the set's value, 3 added its membership -- test_sets.py test_in_guard."""
import torch
s = {1, 2}
@torch.compile
def f(x, s):
    if 3 in s:
        return x + len(s)
    return x - len(s)
s = {1, 2}
f(torch.ones(2), s); s.add(4); f(torch.ones(2), s); s.add(3); f(torch.ones(2), s)
