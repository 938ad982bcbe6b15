"""recomp: dropout probability attribute of a submodule is mutated and train/eval toggled -- test_modules.py nn.Module attribute guards."""
import torch

torch.manual_seed(0)
m = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.Dropout(0.0))
cm = torch.compile(m, backend="eager")
x = torch.randn(2, 3)
print(cm(x).shape)
m[1].p = 0.0
print(cm(x).shape)
m.eval()
print(cm(x).shape)
m[1].p = 0.5
print(cm(x).shape)
