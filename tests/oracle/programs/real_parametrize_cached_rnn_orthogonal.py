"""real: an RNN cell whose recurrent weight is constrained with torch.nn.utils.parametrizations.orthogonal; the compiled unrolled forward is called plainly and inside torch.nn.utils.parametrize.cached() (the context the docs recommend so the orthogonal map is computed once per forward instead of once per time step), in train and eval -- expRNN / orthogonal RNN examples with parametrize.cached()."""
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P
from torch.nn.utils.parametrizations import orthogonal
torch.manual_seed(0)


class OrthoRNN(nn.Module):
    def __init__(self, d_in=3, d_h=5):
        super().__init__()
        self.inp = nn.Linear(d_in, d_h)
        self.rec = orthogonal(nn.Linear(d_h, d_h, bias=False))
        self.out = nn.Linear(d_h, 1)

    def forward(self, x):
        h = torch.zeros(x.size(0), self.rec.weight.size(0))
        for t in range(x.size(1)):
            h = torch.tanh(self.inp(x[:, t]) + self.rec(h))
        return self.out(h)


model = OrthoRNN()
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(2, 4, 3)
y = torch.randn(2, 1)
for step in range(4):
    if step % 2 == 0:
        loss = (cmodel(x) - y).pow(2).mean()
    else:
        with P.cached():
            loss = (cmodel(x) - y).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4))
with torch.no_grad(), P.cached():
    print("eval", round(cmodel(x).sum().item(), 4))
