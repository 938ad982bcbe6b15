"""real: SN-GAN discriminator built with the hook-based torch.nn.utils.spectral_norm on its convs (forward pre-hooks registered before compiling, power iteration updating the u buffer in train mode only), two compiled hinge-loss steps, then eval scoring, then remove_spectral_norm on the last layer (hook deleted, weight becomes a Parameter again) -- SAGAN/BigGAN-PyTorch discriminator."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import spectral_norm, remove_spectral_norm
torch.manual_seed(0)

D = nn.Sequential(
    spectral_norm(nn.Conv2d(3, 4, 3, padding=1)), nn.LeakyReLU(0.1),
    spectral_norm(nn.Conv2d(4, 4, 3, stride=2, padding=1)), nn.LeakyReLU(0.1),
    nn.Flatten(), spectral_norm(nn.Linear(4 * 4 * 4, 1)))
cD = torch.compile(D)
opt = torch.optim.Adam(D.parameters(), lr=1e-3, betas=(0.0, 0.9))
real = torch.randn(2, 3, 8, 8)
fake = torch.randn(2, 3, 8, 8)
for step in range(2):
    out = cD(torch.cat([real, fake]))
    loss = F.relu(1.0 - out[:2]).mean() + F.relu(1.0 + out[2:]).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print("d", step, round(loss.item(), 4), round(D[5].weight_u.sum().item(), 4))
D.eval()
with torch.no_grad():
    print("eval", round(cD(real).sum().item(), 4), round(D[5].weight_u.sum().item(), 4))
    remove_spectral_norm(D[5])
    print("removed", round(cD(real).sum().item(), 4))
