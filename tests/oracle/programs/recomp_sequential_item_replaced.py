"""recomp: a Sequential element is replaced by index (seq[1] = ...) then deleted (del seq[1]) between calls -- test_modules.py test_nn_sequential_invocation / submodule replaced."""
import torch
import torch.nn as nn

torch.manual_seed(0)
seq = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2))
cs = torch.compile(seq)
x = torch.randn(3, 4)
print(round(cs(x).sum().item(), 4))
seq[1] = nn.Tanh()
print(round(cs(x).sum().item(), 4))
seq[1] = nn.Tanh()
print(round(cs(x).sum().item(), 4))
del seq[1]
print(round(cs(x).sum().item(), 4))
