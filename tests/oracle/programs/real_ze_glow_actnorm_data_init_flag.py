"""real: Glow (rosinality/glow-pytorch, chaiyujin/glow-pytorch) ActNorm -- `self.register_buffer("initialized", torch.tensor(0, dtype=torch.uint8))`, data-dependent init in forward `if self.initialized.item() == 0: self.initialize(input); self.initialized.fill_(1)` computing loc/scale from the batch under torch.no_grad(), logdet = height * width * torch.sum(log(|scale|)); InvConv2dLU with torch.tril/triu masks and w_s sign/log, AffineCoupling with zero-initialised conv and sigmoid(log_s + 2); flow step stacked in a ModuleList; NLL in bits/dim; training steps then sampling reverse pass."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
logabs = lambda x: torch.log(torch.abs(x))


class ActNorm(nn.Module):
    def __init__(self, in_channel, logdet=True):
        super().__init__()
        self.loc = nn.Parameter(torch.zeros(1, in_channel, 1, 1))
        self.scale = nn.Parameter(torch.ones(1, in_channel, 1, 1))
        self.register_buffer("initialized", torch.tensor(0, dtype=torch.uint8))
        self.logdet = logdet

    def initialize(self, input):
        with torch.no_grad():
            flatten = input.permute(1, 0, 2, 3).contiguous().view(input.shape[1], -1)
            mean = flatten.mean(1).unsqueeze(1).unsqueeze(2).unsqueeze(3).permute(1, 0, 2, 3)
            std = flatten.std(1).unsqueeze(1).unsqueeze(2).unsqueeze(3).permute(1, 0, 2, 3)
            self.loc.data.copy_(-mean)
            self.scale.data.copy_(1 / (std + 1e-6))

    def forward(self, input):
        _, _, height, width = input.shape
        if self.initialized.item() == 0:
            self.initialize(input)
            self.initialized.fill_(1)
        log_abs = logabs(self.scale)
        logdet = height * width * torch.sum(log_abs)
        if self.logdet:
            return self.scale * (input + self.loc), logdet
        else:
            return self.scale * (input + self.loc)

    def reverse(self, output):
        return output / self.scale - self.loc


class AffineCoupling(nn.Module):
    def __init__(self, c, filter_size=16):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(c // 2, filter_size, 3, padding=1), nn.ReLU(inplace=True), nn.Conv2d(filter_size, c, 3, padding=1))
        self.net[2].weight.data.zero_(); self.net[2].bias.data.zero_()

    def forward(self, input):
        in_a, in_b = input.chunk(2, 1)
        log_s, t = self.net(in_a).chunk(2, 1)
        s = F.sigmoid(log_s + 2)
        out_b = (in_b + t) * s
        logdet = torch.sum(torch.log(s).view(input.shape[0], -1), 1)
        return torch.cat([in_a, out_b], 1), logdet

    def reverse(self, output):
        out_a, out_b = output.chunk(2, 1)
        log_s, t = self.net(out_a).chunk(2, 1)
        return torch.cat([out_a, out_b / F.sigmoid(log_s + 2) - t], 1)


class Flow(nn.Module):
    def __init__(self, c, n_flow=2):
        super().__init__()
        self.actnorms = nn.ModuleList([ActNorm(c) for _ in range(n_flow)])
        self.couplings = nn.ModuleList([AffineCoupling(c) for _ in range(n_flow)])

    def forward(self, x):
        logdet = 0
        for an, cp in zip(self.actnorms, self.couplings):
            x, ld = an(x)
            x, det2 = cp(x.flip(1))
            logdet = logdet + ld + det2
        log_p = (-0.5 * math.log(2 * math.pi) - 0.5 * x ** 2).view(x.shape[0], -1).sum(1)
        return x, log_p, logdet


model = Flow(4)
cmodel = torch.compile(model, backend="eager")
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
n_pixel = 4 * 4 * 4
for i in range(3):
    x = torch.rand(6, 4, 4, 4) - 0.5
    z, log_p, logdet = cmodel(x + torch.rand_like(x) / 256)
    loss = (-math.log(256) * n_pixel + logdet + log_p).mean()
    loss = -loss / (math.log(2) * n_pixel)
    opt.zero_grad(); loss.backward(); opt.step()
    print(i, round(loss.item(), 4))
