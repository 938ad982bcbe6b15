"""real: VAE training whose compiled loss uses torch.distributions.kl_divergence(q(z|x), p(z)) for Normal posteriors/priors; after the first epochs the script registers its own Normal/Normal KL with @register_kl (a free-bits variant clamping each dimension's KL at a floor), which replaces torch's entry in the KL registry and clears its memo table -- torch.distributions.kl.register_kl in VAE code (free bits, Kingma et al. 2016)."""
import torch
import torch.nn as nn
from torch.distributions import Normal, kl_divergence, register_kl
torch.manual_seed(0)


class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(6, 4)
        self.dec = nn.Linear(2, 6)

    def forward(self, x):
        mu, logvar = self.enc(x).chunk(2, dim=-1)
        q = Normal(mu, (0.5 * logvar).exp())
        z = q.rsample()
        return self.dec(z), q


model = VAE()
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
prior = Normal(torch.zeros(2), torch.ones(2))


@torch.compile
def loss_fn(x):
    recon, q = model(x)
    kl = kl_divergence(q, prior).sum(-1).mean()
    return (recon - x).pow(2).sum(-1).mean() + kl, kl


x = torch.randn(5, 6)
for step in range(4):
    if step == 2:
        @register_kl(Normal, Normal)
        def _kl_free_bits(p, q):
            var_ratio = (p.scale / q.scale).pow(2)
            t1 = ((p.loc - q.loc) / q.scale).pow(2)
            return (0.5 * (var_ratio + t1 - 1 - var_ratio.log())).clamp(min=0.5)
    torch.manual_seed(step)
    loss, kl = loss_fn(x)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), round(kl.item(), 4))
