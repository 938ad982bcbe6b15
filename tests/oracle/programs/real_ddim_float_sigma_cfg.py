"""real: DDIM-style sampler with classifier-free guidance: compiled denoiser takes a Python float noise level and a float guidance scale that changes between runs -- diffusers StableDiffusionPipeline guidance_scale / k-diffusion sigma loop."""
import math
import torch
import torch.nn as nn
torch.manual_seed(0)

class Denoiser(nn.Module):
    def __init__(self, c=4, d=16, n_cls=3):
        super().__init__()
        self.inp = nn.Linear(c, d)
        self.cls = nn.Embedding(n_cls + 1, d)
        self.out = nn.Linear(d, c)

    def forward(self, x, sigma, label, guidance):
        c_in = 1.0 / math.sqrt(sigma * sigma + 1.0)
        h = self.inp(x * c_in)
        cond = self.out(torch.tanh(h + self.cls(label)))
        uncond = self.out(torch.tanh(h + self.cls(torch.full_like(label, 3))))
        return uncond + guidance * (cond - uncond)

model = Denoiser().eval()
cmodel = torch.compile(model)
label = torch.tensor([0, 2])
sigmas = [2.0, 1.0, 0.5, 0.0]
with torch.no_grad():
    for guidance in (1.0, 4.5):
        x = torch.randn(2, 4) * sigmas[0]
        for s, s_next in zip(sigmas[:-1], sigmas[1:]):
            eps = cmodel(x, s, label, guidance)
            x = x + (s_next - s) * eps
        print(guidance, round(x.sum().item(), 4))
