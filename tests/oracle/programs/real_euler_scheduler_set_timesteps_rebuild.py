"""real: diffusers-style Euler sampler: a scheduler object (plain Python class) holds sigmas/timesteps tensors rebuilt by set_timesteps(n) and a _step_index int; its step() is compiled and reads self.sigmas[self._step_index] and sigmas[i + 1]; two sampling runs with 4 then 3 inference steps -- diffusers EulerDiscreteScheduler.step / set_timesteps."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class EulerScheduler:
    def __init__(self, num_train_timesteps=20):
        betas = torch.linspace(1e-3, 0.2, num_train_timesteps)
        self.alphas_cumprod = torch.cumprod(1 - betas, 0)
        self.num_train_timesteps = num_train_timesteps
        self._step_index = None

    def set_timesteps(self, n):
        self.timesteps = torch.linspace(self.num_train_timesteps - 1, 0, n).round().long()
        sig = ((1 - self.alphas_cumprod) / self.alphas_cumprod) ** 0.5
        self.sigmas = torch.cat([sig[self.timesteps], torch.zeros(1)])
        self._step_index = 0

    def step(self, model_output, sample):
        sigma = self.sigmas[self._step_index]
        sigma_next = self.sigmas[self._step_index + 1]
        pred_original = sample - sigma * model_output
        derivative = (sample - pred_original) / sigma
        prev = sample + derivative * (sigma_next - sigma)
        self._step_index += 1
        return prev


unet = nn.Sequential(nn.Linear(4, 8), nn.SiLU(), nn.Linear(8, 4)).eval()
sched = EulerScheduler()
step = torch.compile(sched.step)
with torch.no_grad():
    for n in (4, 3):
        sched.set_timesteps(n)
        sample = torch.randn(2, 4) * sched.sigmas[0]
        for t in sched.timesteps:
            eps = unet(sample / (sched.sigmas[sched._step_index] ** 2 + 1) ** 0.5)
            sample = step(eps, sample)
        print(n, sched._step_index, round(sample.sum().item(), 4))
