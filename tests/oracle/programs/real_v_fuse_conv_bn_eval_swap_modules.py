"""real: inference prep fuses conv+bn with torch.nn.utils.fusion.fuse_conv_bn_eval, swapping the conv for the fused one and the bn for Identity after a first compiled call -- torch.fx fuser / torchvision quantization prep."""
import torch
import torch.nn as nn
from torch.nn.utils.fusion import fuse_conv_bn_eval

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 3, 3, padding=1)
        self.bn = nn.BatchNorm2d(3)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


m = Block()
with torch.no_grad():
    m.bn.running_mean.fill_(0.3)
    m.bn.running_var.fill_(2.0)
m.eval()
cm = torch.compile(m)
x = torch.randn(1, 2, 4, 4)
ref = cm(x)
print(round(ref.sum().item(), 4))
m.conv = fuse_conv_bn_eval(m.conv, m.bn)
m.bn = nn.Identity()
out = cm(x)
print(round(out.sum().item(), 4), torch.allclose(out, ref, atol=1e-5))
with torch.no_grad():
    m.conv.bias.zero_()
print(round(cm(x).sum().item(), 4))
