"""recomp: a Linear's weight replaced by a new nn.Parameter of the same shape (no recompile: parameters are graph inputs) -- test_modules.py parameter swap / inline_inbuilt_nn_modules."""
import torch
torch.manual_seed(0)

m = torch.nn.Linear(4, 2)
c = torch.compile(m)
x = torch.randn(3, 4)
c(x)
m.weight = torch.nn.Parameter(torch.zeros(2, 4))
c(x)
c(x)
