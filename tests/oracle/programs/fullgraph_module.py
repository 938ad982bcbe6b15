"""fullgraph: model.compile(fullgraph=True) on a clean MLP -- test_misc.py module compile fullgraph."""
import torch
torch.manual_seed(0)

m = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
m.compile(fullgraph=True)
m(torch.randn(3, 4))
m(torch.randn(3, 4))
