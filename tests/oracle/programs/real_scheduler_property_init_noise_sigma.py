"""real: a compiled sampling-prep function reads the global scheduler's properties -- scheduler.init_noise_sigma (a @property computing (sigma_max ** 2 + 1) ** 0.5 from a float attribute, as EulerDiscreteScheduler does) and scheduler.order -- to scale the initial latents and the first step; set_timesteps() for a new sigma_max between images changes the property's value -- diffusers prepare_latents: latents * self.scheduler.init_noise_sigma."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class EulerScheduler:
    def __init__(self, sigma_max=14.6):
        self.sigma_max = sigma_max
        self.use_karras = False

    @property
    def init_noise_sigma(self):
        if self.use_karras:
            return self.sigma_max
        return (self.sigma_max ** 2 + 1) ** 0.5

    @property
    def order(self):
        return 1

    def set_timesteps(self, sigma_max, use_karras=False):
        self.sigma_max = sigma_max
        self.use_karras = use_karras


scheduler = EulerScheduler()
unet = nn.Linear(4, 4).eval()


@torch.compile
def prepare_and_first_step(noise):
    latents = noise * scheduler.init_noise_sigma
    eps = unet(latents / scheduler.init_noise_sigma)
    return latents - scheduler.order * 0.1 * eps


noise = torch.randn(2, 4)
with torch.no_grad():
    for sigma_max, karras in ((14.6, False), (7.0, False), (7.0, True)):
        scheduler.set_timesteps(sigma_max, karras)
        print(sigma_max, karras, round(prepare_and_first_step(noise).sum().item(), 4))
