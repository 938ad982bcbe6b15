"""recomp: module.train() -> eval() with dropout -- test_recompiles.py training flag guard."""
import torch
torch.manual_seed(0)

m = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Dropout(0.5))
cm = torch.compile(m)
cm(torch.ones(2, 4))
m.eval()
cm(torch.ones(2, 4))
m.train()
cm(torch.ones(2, 4))
