"""real: neural ODE with a hand-written fixed-grid RK4 solver (torchdiffeq 'rk4' fixed_grid style / latent-ODE tutorials) -- ODEFunc(t, y) with nfe counter attribute incremented in forward (self.nfe += 1), odeint loop over t_grid pairs calling func with python float t (t0 + dt/2), stacking solutions; training on time-series batches; eval with a finer time grid."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class ODEFunc(nn.Module):
    def __init__(self):
        super(ODEFunc, self).__init__()
        self.net = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 2))
        self.nfe = 0

    def forward(self, t, y):
        self.nfe += 1
        return self.net(y ** 3) * (1.0 + 0.1 * t)


def rk4_step(func, t0, dt, y0):
    k1 = func(t0, y0)
    k2 = func(t0 + dt / 2, y0 + dt * k1 / 2)
    k3 = func(t0 + dt / 2, y0 + dt * k2 / 2)
    k4 = func(t0 + dt, y0 + dt * k3)
    return y0 + dt * (k1 + 2 * k2 + 2 * k3 + k4) / 6


def odeint(func, y0, t):
    solution = [y0]
    y = y0
    t_list = t.tolist()
    for t0, t1 in zip(t_list[:-1], t_list[1:]):
        y = rk4_step(func, t0, t1 - t0, y)
        solution.append(y)
    return torch.stack(solution)


func = ODEFunc()
cfunc = torch.compile(func, backend="eager")
optimizer = torch.optim.RMSprop(func.parameters(), lr=1e-3)
true_y0 = torch.tensor([[2., 0.]])
t = torch.linspace(0., 1., 5)
batch_y = torch.randn(5, 4, 1, 2)
for itr in range(1, 4):
    optimizer.zero_grad()
    pred_y = odeint(cfunc, batch_y[0], t)
    loss = torch.mean(torch.abs(pred_y - batch_y))
    loss.backward()
    optimizer.step()
    print(itr, round(loss.item(), 4), func.nfe)
with torch.no_grad():
    pred_y = odeint(cfunc, true_y0, torch.linspace(0., 1., 7))
    print(round(pred_y[-1].sum().item(), 4), func.nfe)
