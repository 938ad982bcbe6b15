"""recomp: a namedtuple argument with another field value -- test_recompiles.py namedtuple guards."""
import torch, collections
P = collections.namedtuple("P", "scale shift")
@torch.compile
def f(x, p):
    return x * p.scale + p.shift
f(torch.ones(2), P(2, 1)); f(torch.ones(2), P(3, 1))
