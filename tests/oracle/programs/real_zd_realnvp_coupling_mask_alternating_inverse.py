"""real: RealNVP on 2D data (senya-ashukha/real-nvp-pytorch notebook) -- masks = torch.from_numpy(np.array([[0, 1], [1, 0]] * 3).astype(np.float32)), nn.ModuleList of nets s and t, forward g() sampling z -> x, inverse f() x -> z with log_det_J accumulated, log_prob via prior MultivariateNormal, training loss -flow.log_prob(x).mean(); compiled log_prob, compiled sample with varying number of samples."""
import numpy as np
import torch
import torch.nn as nn
from torch import distributions
torch.manual_seed(0)


class RealNVP(nn.Module):
    def __init__(self, nets, nett, mask, prior):
        super(RealNVP, self).__init__()
        self.prior = prior
        self.mask = nn.Parameter(mask, requires_grad=False)
        self.t = torch.nn.ModuleList([nett() for _ in range(len(mask))])
        self.s = torch.nn.ModuleList([nets() for _ in range(len(mask))])

    def g(self, z):
        x = z
        for i in range(len(self.t)):
            x_ = x * self.mask[i]
            s = self.s[i](x_) * (1 - self.mask[i])
            t = self.t[i](x_) * (1 - self.mask[i])
            x = x_ + (1 - self.mask[i]) * (x * torch.exp(s) + t)
        return x

    def f(self, x):
        log_det_J, z = x.new_zeros(x.shape[0]), x
        for i in reversed(range(len(self.t))):
            z_ = self.mask[i] * z
            s = self.s[i](z_) * (1 - self.mask[i])
            t = self.t[i](z_) * (1 - self.mask[i])
            z = (1 - self.mask[i]) * (z - t) * torch.exp(-s) + z_
            log_det_J -= s.sum(dim=1)
        return z, log_det_J

    def log_prob(self, x):
        z, logp = self.f(x)
        return self.prior.log_prob(z) + logp

    def sample(self, batchSize):
        z = self.prior.sample((batchSize, 1))
        logp = self.prior.log_prob(z)
        x = self.g(z)
        return x


nets = lambda: nn.Sequential(nn.Linear(2, 16), nn.LeakyReLU(), nn.Linear(16, 2), nn.Tanh())
nett = lambda: nn.Sequential(nn.Linear(2, 16), nn.LeakyReLU(), nn.Linear(16, 2))
masks = torch.from_numpy(np.array([[0, 1], [1, 0]] * 3).astype(np.float32))
prior = distributions.MultivariateNormal(torch.zeros(2), torch.eye(2))
flow = RealNVP(nets, nett, masks, prior)
log_prob = torch.compile(flow.log_prob, backend="eager")
sample = torch.compile(flow.sample, backend="eager")
optimizer = torch.optim.Adam([p for p in flow.parameters() if p.requires_grad == True], lr=1e-4)
for t in range(4):
    noisy_moons = torch.randn(10, 2) * torch.tensor([1.0, 0.5])
    loss = -log_prob(noisy_moons).mean()
    optimizer.zero_grad()
    loss.backward(retain_graph=True)
    optimizer.step()
    print(t, round(loss.item(), 4))
with torch.no_grad():
    for n in (5, 7):
        print(tuple(sample(n).shape))
