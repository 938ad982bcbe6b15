"""real: k-diffusion Euler sampler with Karras sigmas computed in NumPy (np.linspace ** rho), the per-step sigma (np.float64 from the array) passed to a compiled denoiser wrapper that applies c_in / c_out scalings; two sampling runs with different step counts -- k-diffusion get_sigmas_karras + sample_euler with a compiled model."""
import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)


def get_sigmas_karras(n, sigma_min=0.1, sigma_max=10.0, rho=7.0):
    ramp = np.linspace(0, 1, n)
    min_inv = sigma_min ** (1 / rho)
    max_inv = sigma_max ** (1 / rho)
    sigmas = (max_inv + ramp * (min_inv - max_inv)) ** rho
    return np.append(sigmas, 0.0)


class Net(nn.Module):
    def __init__(self, c=4, d=16):
        super().__init__()
        self.l1 = nn.Linear(c, d)
        self.l2 = nn.Linear(d, c)

    def forward(self, x):
        return self.l2(torch.tanh(self.l1(x)))


class Denoiser(nn.Module):
    def __init__(self, net, sigma_data=0.5):
        super().__init__()
        self.net = net
        self.sigma_data = sigma_data

    def forward(self, x, sigma):
        c_skip = self.sigma_data ** 2 / (sigma ** 2 + self.sigma_data ** 2)
        c_out = sigma * self.sigma_data / (sigma ** 2 + self.sigma_data ** 2) ** 0.5
        c_in = 1 / (sigma ** 2 + self.sigma_data ** 2) ** 0.5
        return self.net(x * c_in) * c_out + x * c_skip


model = torch.compile(Denoiser(Net()).eval())
with torch.no_grad():
    for n in (3, 4):
        sigmas = get_sigmas_karras(n)
        x = torch.ones(2, 4) * sigmas[0]
        for i in range(len(sigmas) - 1):
            denoised = model(x, sigmas[i])
            d = (x - denoised) / sigmas[i]
            x = x + d * (sigmas[i + 1] - sigmas[i])
        print(n, round(x.sum().item(), 4))
