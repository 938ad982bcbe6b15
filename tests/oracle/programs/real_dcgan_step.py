"""real: a DCGAN-style generator/discriminator step, both compiled -- pytorch/examples dcgan shape."""
import torch
import torch.nn as nn
torch.manual_seed(0)

G = nn.Sequential(nn.ConvTranspose2d(4, 8, 4, 1, 0), nn.BatchNorm2d(8), nn.ReLU(),
                  nn.ConvTranspose2d(8, 1, 4, 2, 1), nn.Tanh())
D = nn.Sequential(nn.Conv2d(1, 8, 4, 2, 1), nn.LeakyReLU(0.2), nn.Conv2d(8, 1, 4, 1, 0), nn.Sigmoid())
cG, cD = torch.compile(G), torch.compile(D)
crit = nn.BCELoss()
optD = torch.optim.Adam(D.parameters(), lr=2e-4)
optG = torch.optim.Adam(G.parameters(), lr=2e-4)
for _ in range(2):
    real = torch.randn(2, 1, 8, 8)
    optD.zero_grad()
    fake = cG(torch.randn(2, 4, 1, 1))
    lossD = crit(cD(real).view(-1), torch.ones(2)) + crit(cD(fake.detach()).view(-1), torch.zeros(2))
    lossD.backward()
    optD.step()
    optG.zero_grad()
    crit(cD(fake).view(-1), torch.ones(2)).backward()
    optG.step()
