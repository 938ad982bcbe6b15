"""real: an RNN whose recurrent Linear carries a custom parametrization (skew-symmetric -> matrix_exp, orthogonal recurrence) and whose forward wraps the time loop in `with torch.nn.utils.parametrize.cached():` itself, as the parametrization tutorial suggests for RNNs; the compiled model is trained two steps and then evaluated on a longer sequence -- torch.nn.utils.parametrize tutorial (caching inside forward) / expRNN."""
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P
torch.manual_seed(0)


class Orthogonal(nn.Module):
    def forward(self, X):
        A = X.triu(1)
        return torch.matrix_exp(A - A.transpose(-1, -2))


class ExpRNN(nn.Module):
    def __init__(self, d_in=3, d_h=4):
        super().__init__()
        self.inp = nn.Linear(d_in, d_h)
        self.rec = nn.Linear(d_h, d_h, bias=False)
        P.register_parametrization(self.rec, "weight", Orthogonal())
        self.out = nn.Linear(d_h, 1)

    def forward(self, x):
        h = torch.zeros(x.size(0), 4)
        with P.cached():
            for t in range(x.size(1)):
                h = torch.tanh(self.inp(x[:, t]) + self.rec(h))
        return self.out(h)


model = ExpRNN()
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(2, 3, 3)
y = torch.randn(2, 1)
for step in range(2):
    loss = (cmodel(x) - y).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 5))
with torch.no_grad():
    print("eval", round(cmodel(torch.randn(2, 5, 3)).sum().item(), 5))
