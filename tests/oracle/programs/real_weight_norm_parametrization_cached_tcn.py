"""real: temporal convolutional network whose dilated causal convs use torch.nn.utils.parametrizations.weight_norm; the training loop computes the loss inside torch.nn.utils.parametrize.cached() (each weight normalised once per forward) on odd steps and without it on even steps, then evaluates under cached() -- locuslab/TCN TemporalBlock with the parametrization-based weight_norm."""
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P
from torch.nn.utils.parametrizations import weight_norm
torch.manual_seed(0)


class TemporalBlock(nn.Module):
    def __init__(self, c_in, c_out, dilation):
        super().__init__()
        self.pad = 2 * dilation
        self.conv = weight_norm(nn.Conv1d(c_in, c_out, 3, dilation=dilation))
        self.down = nn.Conv1d(c_in, c_out, 1) if c_in != c_out else nn.Identity()

    def forward(self, x):
        y = self.conv(nn.functional.pad(x, (self.pad, 0)))
        # the same parametrized weight is read a second time (a weight-scale penalty term)
        return torch.relu(y + self.down(x)), self.conv.weight.pow(2).mean()


class TCN(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([TemporalBlock(2, 4, 1), TemporalBlock(4, 4, 2)])
        self.head = nn.Linear(4, 1)

    def forward(self, x):
        pen = 0.0
        for b in self.blocks:
            x, p = b(x)
            pen = pen + p
        return self.head(x[:, :, -1]), pen


model = TCN()
cmodel = torch.compile(model)
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
x = torch.randn(2, 2, 10)
y = torch.randn(2, 1)
for step in range(4):
    if step % 2 == 1:
        with P.cached():
            out, pen = cmodel(x)
    else:
        out, pen = cmodel(x)
    loss = (out - y).pow(2).mean() + 0.1 * pen
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 5))
with torch.no_grad(), P.cached():
    print("eval", round(cmodel(x)[0].sum().item(), 5))
