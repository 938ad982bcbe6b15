"""recomp: a class attribute of an object passed in (Opts.factor = 7) -- test_recompiles.py attribute guards."""
import torch
class Opts:
    factor = 2
opts = Opts()
@torch.compile
def f(x, o):
    return x * o.factor
f(torch.ones(2), opts); Opts.factor = 7; f(torch.ones(2), opts)
