"""real: fast neural style transformer net: reflection-pad conv + InstanceNorm2d + residual block + nearest upsample -- pytorch/examples fast_neural_style/transformer_net.py."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class ConvLayer(nn.Module):
    def __init__(self, cin, cout, k, stride=1, upsample=None):
        super().__init__()
        self.upsample, self.pad, self.conv = upsample, nn.ReflectionPad2d(k // 2), nn.Conv2d(cin, cout, k, stride)

    def forward(self, x):
        if self.upsample:
            x = F.interpolate(x, mode="nearest", scale_factor=self.upsample)
        return self.conv(self.pad(x))

class TransformerNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.down, self.res, self.up = ConvLayer(3, 4, 3, stride=2), ConvLayer(4, 4, 3), ConvLayer(4, 3, 3, upsample=2)
        self.in1, self.in2 = nn.InstanceNorm2d(4, affine=True), nn.InstanceNorm2d(4, affine=True)

    def forward(self, x):
        y = F.relu(self.in1(self.down(x)))
        y = y + self.in2(self.res(y))
        return self.up(y)

model = torch.compile(TransformerNet())
for size in (8, 8):
    model(torch.rand(1, 3, size, size)).mean().backward()
