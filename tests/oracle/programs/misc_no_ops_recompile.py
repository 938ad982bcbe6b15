"""misc: a recompile that traces no tensor op: Dynamo skips the frame from then on -- test_misc.py SkipFrame 'No ops traced'."""
import torch
FLAG = True
@torch.compile
def f(x):
    return x * 2 if FLAG else x
f(torch.ones(2)); FLAG = False; f(torch.ones(2)); FLAG = True; f(torch.ones(2)); f(torch.ones(2))
