"""recomp: distinct module instances of one class passed as an argument share one entry -- test_modules.py modules passed as arguments (inline_inbuilt_nn_modules)."""
import torch
import torch.nn as nn
torch.manual_seed(0)

@torch.compile
def apply(mod, x):
    return mod(x).relu() + 1

layers = [nn.Linear(3, 3) for _ in range(3)]
for lin in layers:
    apply(lin, torch.ones(2, 3))
