"""recomp: a parameter frozen with requires_grad_(False) between training calls -- test_recompiles.py requires_grad guards on parameters."""
import torch
torch.manual_seed(0)

m = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
c = torch.compile(m)
x = torch.randn(3, 4)
c(x).sum().backward()
m[0].weight.requires_grad_(False)
c(x).sum().backward()
c(x).sum().backward()
