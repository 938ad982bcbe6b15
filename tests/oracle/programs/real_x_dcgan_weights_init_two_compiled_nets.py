"""real: DCGAN Generator (ConvTranspose2d/BatchNorm/ReLU/Tanh) and Discriminator (Conv/LeakyReLU/Sigmoid, output .view(-1, 1).squeeze(1)), weights_init applied with classname.find, both compiled with .compile(); per batch: D on real with label.fill_(real_label), D on fake.detach() with label.fill_(fake_label), then G step; D_x / D_G_z1 / D_G_z2 read with .mean().item() -- pytorch/examples dcgan/main.py."""
import torch
import torch.nn as nn
import torch.optim as optim
torch.manual_seed(999)

nz, ngf, ndf, nc = 8, 4, 4, 3


def weights_init(m):
    classname = m.__class__.__name__
    if classname.find('Conv') != -1:
        torch.nn.init.normal_(m.weight, 0.0, 0.02)
    elif classname.find('BatchNorm') != -1:
        torch.nn.init.normal_(m.weight, 1.0, 0.02)
        torch.nn.init.zeros_(m.bias)


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(
            nn.ConvTranspose2d(nz, ngf * 4, 4, 1, 0, bias=False), nn.BatchNorm2d(ngf * 4), nn.ReLU(True),
            nn.ConvTranspose2d(ngf * 4, ngf * 2, 4, 2, 1, bias=False), nn.BatchNorm2d(ngf * 2), nn.ReLU(True),
            nn.ConvTranspose2d(ngf * 2, nc, 4, 2, 1, bias=False), nn.Tanh())

    def forward(self, input):
        return self.main(input)


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(
            nn.Conv2d(nc, ndf, 4, 2, 1, bias=False), nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf, ndf * 2, 4, 2, 1, bias=False), nn.BatchNorm2d(ndf * 2), nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf * 2, 1, 4, 1, 0, bias=False), nn.Sigmoid())

    def forward(self, input):
        output = self.main(input)
        return output.view(-1, 1).squeeze(1)


netG = Generator()
netG.apply(weights_init)
netD = Discriminator()
netD.apply(weights_init)
netG.compile()
netD.compile()
criterion = nn.BCELoss()
fixed_noise = torch.randn(4, nz, 1, 1)
real_label, fake_label = 1, 0
optimizerD = optim.Adam(netD.parameters(), lr=0.0002, betas=(0.5, 0.999))
optimizerG = optim.Adam(netG.parameters(), lr=0.0002, betas=(0.5, 0.999))

for i in range(3):
    real_cpu = torch.rand(4, nc, 16, 16) * 2 - 1
    batch_size = real_cpu.size(0)
    netD.zero_grad()
    label = torch.full((batch_size,), real_label, dtype=real_cpu.dtype)
    output = netD(real_cpu)
    errD_real = criterion(output, label)
    errD_real.backward()
    D_x = output.mean().item()
    noise = torch.randn(batch_size, nz, 1, 1)
    fake = netG(noise)
    label.fill_(fake_label)
    output = netD(fake.detach())
    errD_fake = criterion(output, label)
    errD_fake.backward()
    D_G_z1 = output.mean().item()
    errD = errD_real + errD_fake
    optimizerD.step()
    netG.zero_grad()
    label.fill_(real_label)
    output = netD(fake)
    errG = criterion(output, label)
    errG.backward()
    D_G_z2 = output.mean().item()
    optimizerG.step()
    print('[%d] Loss_D: %.4f Loss_G: %.4f D(x): %.4f D(G(z)): %.4f / %.4f'
          % (i, errD.item(), errG.item(), D_x, D_G_z1, D_G_z2))
with torch.no_grad():
    print(round(netG(fixed_noise).detach().abs().mean().item(), 4))
