"""real: DCGAN generator compiled with torch.compile(netG); generator steps in train mode (BatchNorm batch stats) on batches of 4, and after every epoch a progress sample from fixed_noise (6 vectors) with netG.eval() under torch.no_grad(), then netG.train() again -- pytorch/examples dcgan/main.py fixed_noise snapshots with an eval-mode sample."""
import torch
import torch.nn as nn

torch.manual_seed(0)
nz = 8


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(
            nn.ConvTranspose2d(nz, 16, 4, 1, 0, bias=False), nn.BatchNorm2d(16), nn.ReLU(True),
            nn.ConvTranspose2d(16, 8, 4, 2, 1, bias=False), nn.BatchNorm2d(8), nn.ReLU(True),
            nn.ConvTranspose2d(8, 1, 4, 2, 1, bias=False), nn.Tanh())

    def forward(self, input):
        return self.main(input)


netG = Generator()
cG = torch.compile(netG, backend="eager")
netD = nn.Sequential(nn.Conv2d(1, 8, 4, 2, 1), nn.LeakyReLU(0.2), nn.Flatten(), nn.Linear(8 * 8 * 8, 1), nn.Sigmoid())
optimizerG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
criterion = nn.BCELoss()
fixed_noise = torch.randn(6, nz, 1, 1)
for epoch in range(2):
    for it in range(2):
        netG.zero_grad()
        fake = cG(torch.randn(4, nz, 1, 1))
        errG = criterion(netD(fake).view(-1), torch.ones(4))
        errG.backward()
        optimizerG.step()
    print(epoch, round(errG.item(), 3))
    netG.eval()
    with torch.no_grad():
        sample = cG(fixed_noise).detach()
    netG.train()
    print("sample", list(sample.shape), round(sample.mean().item(), 4))
