"""real: MobileNetV3 inverted-residual blocks of one class with per-block use_se / activation choice (hardswish vs relu) read from a config list, compiled network in eval then BN stats in train -- torchvision mobilenetv3 InvertedResidual / SqueezeExcitation."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

def make_divisible(v, divisor=4):
    return max(divisor, int(v + divisor / 2) // divisor * divisor)

class SqueezeExcite(nn.Module):
    def __init__(self, c, ratio=0.25):
        super().__init__()
        s = make_divisible(c * ratio)
        self.fc1 = nn.Conv2d(c, s, 1)
        self.fc2 = nn.Conv2d(s, c, 1)

    def forward(self, x):
        s = F.adaptive_avg_pool2d(x, 1)
        s = F.hardsigmoid(self.fc2(F.relu(self.fc1(s))))
        return x * s

class InvertedResidual(nn.Module):
    def __init__(self, cin, exp, cout, use_se, act, stride):
        super().__init__()
        self.use_res = stride == 1 and cin == cout
        self.act = act
        self.expand = nn.Sequential(nn.Conv2d(cin, exp, 1, bias=False), nn.BatchNorm2d(exp))
        self.dw = nn.Sequential(nn.Conv2d(exp, exp, 3, stride, 1, groups=exp, bias=False), nn.BatchNorm2d(exp))
        self.se = SqueezeExcite(exp) if use_se else None
        self.project = nn.Sequential(nn.Conv2d(exp, cout, 1, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        a = F.hardswish if self.act == "HS" else F.relu
        y = a(self.expand(x))
        y = a(self.dw(y))
        if self.se is not None:
            y = self.se(y)
        y = self.project(y)
        return x + y if self.use_res else y

cfg = [(4, 8, 4, False, "RE", 1), (4, 12, 6, True, "HS", 2), (6, 12, 6, True, "HS", 1)]
net = nn.Sequential(*[InvertedResidual(*c) for c in cfg]).eval()
cnet = torch.compile(net)
x = torch.randn(2, 4, 8, 8)
with torch.no_grad():
    print("eval", round(cnet(x).sum().item(), 4))
    print("eval2", round(cnet(x * 2).sum().item(), 4))
net.train()
out = cnet(x)
print("train", round(out.abs().sum().item(), 4), round(net[0].expand[1].running_mean.sum().item(), 4))
