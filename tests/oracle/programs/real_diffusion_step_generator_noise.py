"""real: diffusers-style ancestral sampling: the compiled scheduler step draws its noise with torch.randn(shape, generator=generator) from a torch.Generator the pipeline created with manual_seed (passed in as an argument), DDPM posterior mean/variance from Python floats -- diffusers randn_tensor(generator=...) inside DDPMScheduler.step."""
import math
import torch
import torch.nn as nn
torch.manual_seed(0)

T = 5
betas = [0.1 + 0.1 * i for i in range(T)]
alphas = [1 - b for b in betas]
alphas_cumprod = []
acc = 1.0
for a in alphas:
    acc *= a
    alphas_cumprod.append(acc)

denoiser = nn.Sequential(nn.Linear(4, 8), nn.SiLU(), nn.Linear(8, 4))


@torch.compile
def step(sample, t, generator):
    eps = denoiser(sample)
    a_t, ab_t = alphas[t], alphas_cumprod[t]
    ab_prev = alphas_cumprod[t - 1] if t > 0 else 1.0
    x0 = (sample - math.sqrt(1 - ab_t) * eps) / math.sqrt(ab_t)
    mean = (math.sqrt(ab_prev) * betas[t] / (1 - ab_t)) * x0 + (math.sqrt(a_t) * (1 - ab_prev) / (1 - ab_t)) * sample
    if t > 0:
        var = betas[t] * (1 - ab_prev) / (1 - ab_t)
        noise = torch.randn(sample.shape, generator=generator)
        mean = mean + math.sqrt(var) * noise
    return mean


with torch.no_grad():
    for run in range(2):
        g = torch.Generator().manual_seed(42 + run)
        x = torch.randn((2, 4), generator=g)
        for t in reversed(range(T)):
            x = step(x, t, g)
        print(run, round(x.sum().item(), 4), round(x.abs().max().item(), 4))
