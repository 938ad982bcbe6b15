"""real: residual stack whose per-block residual scales live in a Python list of floats on the model (self.res_scale), read as self.res_scale[i] inside forward; individual elements are edited in place between calls (warmup of deeper blocks) -- ReZero / DeepNet alpha schedule kept as plain floats."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Stack(nn.Module):
    def __init__(self, n=3, d=6):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(d, d) for _ in range(n))
        self.res_scale = [0.0] * n

    def forward(self, x):
        for i, blk in enumerate(self.blocks):
            x = x + self.res_scale[i] * torch.tanh(blk(x))
        return x


model = Stack()
cmodel = torch.compile(model)
x = torch.randn(3, 6)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(6):
    for i in range(len(model.res_scale)):
        model.res_scale[i] = min(1.0, step / (2.0 * (i + 1)))
    out = cmodel(x)
    loss = out.pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, model.res_scale, round(loss.item(), 5))
