"""branch: torch.cond in a training step (backward through the cond, SGD updates) -- test_higher_order_ops.py test_cond_autograd."""
import torch
import torch.nn as nn
torch.manual_seed(0)
lin = nn.Linear(4, 4)
opt = torch.optim.SGD(lin.parameters(), lr=0.1)

@torch.compile
def step(x):
    y = lin(x)
    return torch.cond(y.sum() > 0, lambda t: t.sin(), lambda t: t.cos(), (y,)).pow(2).mean()

for i in range(3):
    loss = step(torch.randn(2, 4))
    loss.backward()
    opt.step(); opt.zero_grad()
print(float(lin.weight.sum()))
