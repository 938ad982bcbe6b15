"""real: a compiled training step with an eager opt.zero_grad() (torch._disable_dynamo), forward, loss.backward() and clip_grad_norm_ reading every .grad after the backward -- the usual clipped training step."""
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Linear(4, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)

@torch.compile
def train_step(x):
    opt.zero_grad()
    loss = model(x).sum()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    return loss

for i in range(3):
    train_step(torch.randn(2, 4))
