"""real: a positional table registered as a fixed sinusoidal buffer is turned learnable mid-training by pos.requires_grad_(True) (and added to the optimizer), then trained with the compiled model -- "unfreeze positional embeddings" fine-tuning; the same tensor object changes requires_grad between calls."""
import math
import torch
import torch.nn as nn
torch.manual_seed(0)


class Enc(nn.Module):
    def __init__(self, n=6, d=8):
        super().__init__()
        pos = torch.arange(n)[:, None] * torch.exp(torch.arange(0, d, 2) * (-math.log(100.0) / d))
        table = torch.zeros(n, d)
        table[:, 0::2] = torch.sin(pos)
        table[:, 1::2] = torch.cos(pos)
        self.register_buffer("pos", table)
        self.lin = nn.Linear(d, 1)

    def forward(self, x):
        return self.lin(torch.tanh(x + self.pos)).squeeze(-1)


model = Enc()
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(3, 6, 8), torch.randn(3, 6)
for step in range(4):
    if step == 2:
        model.pos.requires_grad_(True)
        opt.add_param_group({"params": [model.pos], "lr": 0.5})
    out = cmodel(x)
    loss = (out - y).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, out.requires_grad, round(loss.item(), 5), model.pos.grad is not None)
