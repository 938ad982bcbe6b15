"""real: a compiled logging metric reads Adam's state tensors (exp_avg, exp_avg_sq) of the first parameter, absent before the first step; optimizer steps run eagerly between calls, then the state is cleared -- optimizer state inspection in training loops."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
opt = torch.optim.Adam(model.parameters(), lr=0.1)
p = model.weight


@torch.compile
def metric(x):
    st = opt.state.get(p)
    if not st:
        return x.sum() * 0
    return (st["exp_avg"].abs().sum() + st["exp_avg_sq"].sum()) * x.sum()


x = torch.ones(2)
data = torch.randn(5, 3)
print(round(metric(x).item(), 6))
for step in range(3):
    opt.zero_grad()
    model(data).pow(2).mean().backward()
    opt.step()
    print(step, round(metric(x).item(), 6))
opt.state.clear()
print(round(metric(x).item(), 6))
