"""real: DDPM ancestral sampling loop calling a compiled tiny denoiser with a Python int timestep (sinusoidal embedding) and scheduler alphas computed in Python each step -- diffusers DDPMScheduler.step + UNet2DModel timestep shape."""
import math
import torch
import torch.nn as nn
torch.manual_seed(0)

class TinyDenoiser(nn.Module):
    def __init__(self, c=4, d=16):
        super().__init__()
        self.d = d
        self.inp = nn.Linear(c, d)
        self.temb = nn.Linear(d, d)
        self.out = nn.Linear(d, c)

    def timestep_embedding(self, t):
        half = self.d // 2
        freqs = torch.exp(-math.log(10000.0) * torch.arange(half, dtype=torch.float32) / half)
        args = t * freqs
        return torch.cat([torch.sin(args), torch.cos(args)])

    def forward(self, x, t):
        h = self.inp(x) + self.temb(self.timestep_embedding(t))
        return self.out(torch.nn.functional.silu(h))

T = 4
betas = [1e-4 + (0.02 - 1e-4) * i / (T - 1) for i in range(T)]
alphas = [1 - b for b in betas]
alphas_cumprod = []
acc = 1.0
for a in alphas:
    acc *= a
    alphas_cumprod.append(acc)

model = TinyDenoiser().eval()
cmodel = torch.compile(model)
x = torch.randn(2, 4)
with torch.no_grad():
    for t in reversed(range(T)):
        eps = cmodel(x, t)
        a, ab = alphas[t], alphas_cumprod[t]
        x = (x - (1 - a) / math.sqrt(1 - ab) * eps) / math.sqrt(a)
        if t > 0:
            x = x + math.sqrt(betas[t]) * torch.randn_like(x)
        print(t, round(x.sum().item(), 4))
