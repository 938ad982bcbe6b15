"""real: variational inference with unconstrained parameters: the compiled ELBO maps a raw scale parameter to its support with torch.distributions.biject_to(constraints.positive) (ExpTransform by default); after two steps the script registers SoftplusTransform for constraints.positive with biject_to.register (a common fix for exploding scales, as Pyro/GPyTorch users do), so the same call now returns another transform -- torch.distributions.constraint_registry biject_to.register."""
import torch
import torch.nn as nn
from torch.distributions import Normal, biject_to, constraints, kl_divergence
from torch.distributions.transforms import SoftplusTransform
torch.manual_seed(0)

loc = nn.Parameter(torch.zeros(3))
raw_scale = nn.Parameter(torch.full((3,), -0.5))
opt = torch.optim.Adam([loc, raw_scale], lr=0.05)
data = torch.tensor([0.5, -1.0, 2.0])
prior = Normal(torch.zeros(3), torch.ones(3))


@torch.compile
def neg_elbo(eps):
    scale = biject_to(constraints.positive)(raw_scale)
    q = Normal(loc, scale)
    z = loc + scale * eps
    loglik = Normal(z, 0.5).log_prob(data).sum()
    return kl_divergence(q, prior).sum() - loglik, scale


for step in range(4):
    if step == 2:
        biject_to.register(constraints.positive)(lambda c: SoftplusTransform())
    eps = torch.randn(3)
    loss, scale = neg_elbo(eps)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), [round(s, 4) for s in scale.tolist()])
