"""real: one DCGAN training iteration compiled as a whole: D on real (label = torch.full(real_label)), errD_real.backward(), D_x = output.mean().item(), fake = netG(noise), label.fill_(fake_label), D on fake.detach(), optimizerD.step(), then G with label.fill_(real_label), errG.backward(), optimizerG.step(), returning the logged .item() values; three iterations, the last batch smaller -- pytorch/examples dcgan/main.py training loop."""
import torch
import torch.nn as nn

torch.manual_seed(0)
nz = 8
real_label = 1.0
fake_label = 0.0

netG = nn.Sequential(
    nn.ConvTranspose2d(nz, 16, 4, 1, 0, bias=False), nn.BatchNorm2d(16), nn.ReLU(True),
    nn.ConvTranspose2d(16, 1, 4, 2, 1, bias=False), nn.Tanh())
netD = nn.Sequential(
    nn.Conv2d(1, 16, 4, 2, 1, bias=False), nn.LeakyReLU(0.2, inplace=True),
    nn.Conv2d(16, 1, 4, 1, 0, bias=False), nn.Sigmoid())
criterion = nn.BCELoss()
optimizerD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
optimizerG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))


@torch.compile(backend="eager")
def train_iter(real):
    netD.zero_grad()
    b_size = real.size(0)
    label = torch.full((b_size,), real_label, dtype=torch.float)
    output = netD(real).view(-1)
    errD_real = criterion(output, label)
    errD_real.backward()
    D_x = output.mean().item()
    noise = torch.randn(b_size, nz, 1, 1)
    fake = netG(noise)
    label.fill_(fake_label)
    output = netD(fake.detach()).view(-1)
    errD_fake = criterion(output, label)
    errD_fake.backward()
    D_G_z1 = output.mean().item()
    errD = errD_real + errD_fake
    optimizerD.step()
    netG.zero_grad()
    label.fill_(real_label)
    output = netD(fake).view(-1)
    errG = criterion(output, label)
    errG.backward()
    D_G_z2 = output.mean().item()
    optimizerG.step()
    return errD.item(), errG.item(), D_x, D_G_z1, D_G_z2


data = torch.rand(11, 1, 8, 8) * 2 - 1
for i, start in enumerate(range(0, 11, 4)):
    vals = train_iter(data[start:start + 4])
    print(i, [round(v, 3) for v in vals])
