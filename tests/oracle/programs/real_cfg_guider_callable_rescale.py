"""real: classifier-free guidance as a plain callable guider object (guider.guidance_scale, guider.guidance_rescale floats; __call__(cond, uncond) mixes the predictions and applies the std-based rescale of "Common Diffusion Noise Schedules are Flawed"); the compiled denoise step (UNet + guider) is run over a sampling loop, then the user changes the guider's scale and rescale for the next image -- diffusers guiders ClassifierFreeGuidance / rescale_noise_cfg."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class ClassifierFreeGuidance:
    def __init__(self, guidance_scale=7.5, guidance_rescale=0.0):
        self.guidance_scale = guidance_scale
        self.guidance_rescale = guidance_rescale

    def __call__(self, pred_cond, pred_uncond):
        pred = pred_uncond + self.guidance_scale * (pred_cond - pred_uncond)
        if self.guidance_rescale > 0.0:
            std_text = pred_cond.std(dim=-1, keepdim=True)
            std_cfg = pred.std(dim=-1, keepdim=True)
            rescaled = pred * (std_text / std_cfg)
            pred = self.guidance_rescale * rescaled + (1 - self.guidance_rescale) * pred
        return pred


unet = nn.Sequential(nn.Linear(4 + 8, 16), nn.SiLU(), nn.Linear(16, 4)).eval()
guider = ClassifierFreeGuidance()


@torch.compile
def denoise(latents, cond, uncond):
    inp = torch.cat([latents, latents])
    ctx = torch.cat([cond, uncond])
    noise = unet(torch.cat([inp, ctx], -1))
    n_c, n_u = noise.chunk(2)
    return latents - 0.2 * guider(n_c, n_u)


cond, uncond = torch.randn(2, 8), torch.zeros(2, 8)
with torch.no_grad():
    for scale, rescale in ((7.5, 0.0), (3.0, 0.0), (3.0, 0.7)):
        guider.guidance_scale, guider.guidance_rescale = scale, rescale
        lat = torch.ones(2, 4)
        for _ in range(3):
            lat = denoise(lat, cond, uncond)
        print(scale, rescale, round(lat.sum().item(), 4))
