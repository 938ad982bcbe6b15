"""real: pix2pix/CycleGAN alternating updates: set_requires_grad(netD, False) before the generator step and True before the discriminator step, both nets compiled, backward and Adam steps in eager; the compiled discriminator sees its parameters with requires_grad flipped every half-step -- junyanz/pytorch-CycleGAN-and-pix2pix BaseModel.set_requires_grad."""
import torch
import torch.nn as nn
torch.manual_seed(0)


def set_requires_grad(nets, requires_grad=False):
    if not isinstance(nets, list):
        nets = [nets]
    for net in nets:
        if net is not None:
            for param in net.parameters():
                param.requires_grad = requires_grad


G = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 6))
D = nn.Sequential(nn.Linear(6, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1))
netG = torch.compile(G)
netD = torch.compile(D)
optG = torch.optim.Adam(G.parameters(), lr=1e-2)
optD = torch.optim.Adam(D.parameters(), lr=1e-2)
crit = nn.BCEWithLogitsLoss()
real = torch.randn(4, 6)
for it in range(3):
    z = torch.randn(4, 4)
    fake = netG(z)
    # D step
    set_requires_grad(D, True)
    optD.zero_grad()
    pred_real = netD(real)
    pred_fake = netD(fake.detach())
    lossD = 0.5 * (crit(pred_real, torch.ones_like(pred_real)) + crit(pred_fake, torch.zeros_like(pred_fake)))
    lossD.backward()
    optD.step()
    # G step
    set_requires_grad(D, False)
    optG.zero_grad()
    pred = netD(fake)
    lossG = crit(pred, torch.ones_like(pred))
    lossG.backward()
    optG.step()
    print(it, round(lossD.item(), 4), round(lossG.item(), 4), D[0].weight.grad is not None)
