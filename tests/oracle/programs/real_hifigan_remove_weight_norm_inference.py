"""real: HiFi-GAN-style vocoder generator whose convs use torch.nn.utils.parametrizations.weight_norm during training; the compiled generator is evaluated, then remove_weight_norm() calls parametrize.remove_parametrizations on every conv (the module's class goes back from the parametrized subclass to Conv1d, weight becomes a plain Parameter) before compiled inference again -- jik876/hifi-gan models.py Generator.remove_weight_norm / vocoder export."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import parametrize
from torch.nn.utils.parametrizations import weight_norm
torch.manual_seed(0)


class ResBlock(nn.Module):
    def __init__(self, ch=4, dilations=(1, 3)):
        super().__init__()
        self.convs = nn.ModuleList(weight_norm(nn.Conv1d(ch, ch, 3, dilation=d, padding=d)) for d in dilations)

    def forward(self, x):
        for c in self.convs:
            x = x + c(F.leaky_relu(x, 0.1))
        return x

    def remove_weight_norm(self):
        for c in self.convs:
            parametrize.remove_parametrizations(c, "weight")


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = weight_norm(nn.Conv1d(3, 4, 3, padding=1))
        self.up = weight_norm(nn.ConvTranspose1d(4, 4, 4, stride=2, padding=1))
        self.res = ResBlock()
        self.post = weight_norm(nn.Conv1d(4, 1, 3, padding=1))

    def forward(self, mel):
        x = self.pre(mel)
        x = self.up(F.leaky_relu(x, 0.1))
        x = self.res(x)
        return torch.tanh(self.post(F.leaky_relu(x)))

    def remove_weight_norm(self):
        for m in (self.pre, self.up, self.post):
            parametrize.remove_parametrizations(m, "weight")
        self.res.remove_weight_norm()


g = Generator().eval()
cg = torch.compile(g)
mel = torch.randn(1, 3, 6)
with torch.no_grad():
    print("wn", round(cg(mel).sum().item(), 4), type(g.pre).__name__)
    with torch.no_grad():
        g.post.parametrizations.weight.original0.mul_(0.5)
    print("wn-g", round(cg(mel).sum().item(), 4))
    g.remove_weight_norm()
    print("plain", round(cg(mel).sum().item(), 4), type(g.pre).__name__)
    g.post.weight.mul_(2.0)
    print("plain2", round(cg(mel).sum().item(), 4))
