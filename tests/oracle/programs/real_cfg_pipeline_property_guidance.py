"""real: diffusers-style pipeline object whose compiled denoise step reads the guidance scale through properties (self.do_classifier_free_guidance -> self._guidance_scale > 1, self.guidance_scale) and concatenates [uncond, cond] only when CFG is on; the pipeline is called with guidance 7.5, then 1.0, then 3.0 -- diffusers StableDiffusionPipeline guidance_scale / do_classifier_free_guidance properties."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class TinyUNet(nn.Module):
    def __init__(self, c=4, d=16):
        super().__init__()
        self.inp = nn.Linear(c, d)
        self.txt = nn.Linear(8, d)
        self.out = nn.Linear(d, c)

    def forward(self, x, t, ctx):
        h = self.inp(x) + self.txt(ctx) + t.float().view(-1, 1) / 1000.0
        return self.out(torch.tanh(h))


class Pipe:
    def __init__(self, unet):
        self.unet = unet
        self._guidance_scale = 7.5

    @property
    def guidance_scale(self):
        return self._guidance_scale

    @property
    def do_classifier_free_guidance(self):
        return self._guidance_scale > 1

    def denoise(self, latents, t, cond, uncond):
        if self.do_classifier_free_guidance:
            inp = torch.cat([latents] * 2)
            ctx = torch.cat([uncond, cond])
        else:
            inp, ctx = latents, cond
        tt = t.expand(inp.shape[0])
        noise = self.unet(inp, tt, ctx)
        if self.do_classifier_free_guidance:
            n_u, n_c = noise.chunk(2)
            noise = n_u + self.guidance_scale * (n_c - n_u)
        return latents - 0.1 * noise


unet = TinyUNet().eval()
pipe = Pipe(unet)
step = torch.compile(pipe.denoise)
cond = torch.randn(2, 8)
uncond = torch.zeros(2, 8)
with torch.no_grad():
    for g in (7.5, 1.0, 3.0):
        pipe._guidance_scale = g
        lat = torch.ones(2, 4)
        for t in (900, 500, 100):
            lat = step(lat, torch.tensor([t]), cond, uncond)
        print(g, round(lat.sum().item(), 4))
