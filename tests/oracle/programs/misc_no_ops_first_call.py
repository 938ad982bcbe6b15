"""misc: the first call traces no tensor op (a global flag off): Dynamo skips the frame for good -- test_misc.py SkipFrame 'No ops traced'."""
import torch
FLAG = False
@torch.compile
def f(x):
    return x * 2 if FLAG else x
f(torch.ones(2)); FLAG = True; f(torch.ones(2)); f(torch.ones(3))
