"""recomp: the frame deletes a module global inside try/except NameError; the first call deletes it, the second finds it absent, then it is set again from outside -- test_global.py TestDeleteGlobal test_delete_global_presence_flip."""
import torch

_dg_a = 1


def fn(x):
    global _dg_a
    y = x + 1
    try:
        del _dg_a
    except NameError:
        y = y + 1
    return y


opt_fn = torch.compile(fn)
x = torch.ones(2, 2)
print(round(opt_fn(x).sum().item(), 4), "_dg_a" in globals())
print(round(opt_fn(x).sum().item(), 4), "_dg_a" in globals())
_dg_a = 5
print(round(opt_fn(x).sum().item(), 4), "_dg_a" in globals())
