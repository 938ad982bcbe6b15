"""recomp: `7 in s` on a set argument; the user adds an element, then removes 7 -- test_sets.py TestSetGuards.test_in_guard / test_set_recompile_on_key_pop."""
import torch

@torch.compile
def f(x, s):
    if 7 in s:
        return x.sin()
    return x.cos()

s = {3, 5, 7}
x = torch.ones(2)
f(x, s)
s.add(9)
f(x, s)
s.remove(7)
f(x, s)
