"""real: latent-diffusion DDIMSampler: ddim_timesteps built with np.asarray(range(0, T, c)) + 1 and iterated as np.flip(...) (NumPy int64 steps), each step passed to a compiled p_sample_ddim that makes ts = torch.full((b,), step) and reads the schedule tensors at a Python int index; two sampling runs with 4 then 5 DDIM steps -- CompVis latent-diffusion ldm/models/diffusion/ddim.py DDIMSampler."""
import math
import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)

T = 100
betas = torch.linspace(1e-4, 2e-2, T, dtype=torch.float64)
alphas_cumprod = torch.cumprod(1 - betas, 0).float()


class Eps(nn.Module):
    def __init__(self, c=4, d=16):
        super().__init__()
        self.inp = nn.Linear(c, d)
        self.out = nn.Linear(d, c)
        self.register_buffer("freqs", torch.exp(-math.log(1000.0) * torch.arange(d // 2) / (d // 2)))

    def forward(self, x, t):
        args = t.float()[:, None] * self.freqs[None]
        emb = torch.cat([args.sin(), args.cos()], -1)
        return self.out(torch.tanh(self.inp(x) + emb))


model = Eps().eval()


class DDIMSampler:
    def __init__(self, model):
        self.model = model

    def make_schedule(self, n):
        c = T // n
        self.ddim_timesteps = np.asarray(list(range(0, T, c))) + 1
        self.ddim_alphas = alphas_cumprod[self.ddim_timesteps]
        self.ddim_alphas_prev = torch.cat([alphas_cumprod[:1], alphas_cumprod[self.ddim_timesteps[:-1]]])

    def p_sample_ddim(self, x, step, index):
        b = x.shape[0]
        ts = torch.full((b,), step, dtype=torch.long)
        e_t = self.model(x, ts)
        a_t = self.ddim_alphas[index]
        a_prev = self.ddim_alphas_prev[index]
        pred_x0 = (x - (1 - a_t).sqrt() * e_t) / a_t.sqrt()
        return a_prev.sqrt() * pred_x0 + (1 - a_prev).sqrt() * e_t


sampler = DDIMSampler(model)
p_sample = torch.compile(sampler.p_sample_ddim)
with torch.no_grad():
    for n in (4, 5):
        sampler.make_schedule(n)
        x = torch.ones(2, 4)
        time_range = np.flip(sampler.ddim_timesteps)
        total = sampler.ddim_timesteps.shape[0]
        for i, step in enumerate(time_range):
            index = total - i - 1
            x = p_sample(x, step, index)
        print(n, round(x.sum().item(), 4))
