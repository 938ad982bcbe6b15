"""real: small conv net compiled for inference, then conv+bn fused with torch.nn.utils.fusion.fuse_conv_bn_eval and the BatchNorm replaced by nn.Identity (attribute reassignment), called again and compared -- deployment-time Conv-BN folding as in torchvision/YOLO export scripts."""
import torch
import torch.nn as nn
from torch.nn.utils.fusion import fuse_conv_bn_eval
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.bn = nn.BatchNorm2d(4)
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        h = torch.relu(self.bn(self.conv(x)))
        return self.head(h.mean((2, 3)))


model = Net()
model.train()
for _ in range(3):
    model(torch.randn(4, 3, 6, 6))
model.eval()
cmodel = torch.compile(model)
x = torch.randn(2, 3, 6, 6)
with torch.no_grad():
    a = cmodel(x)
    model.conv = fuse_conv_bn_eval(model.conv, model.bn)
    model.bn = nn.Identity()
    b = cmodel(x)
    print(torch.allclose(a, b, atol=1e-5), round(b.sum().item(), 4))
    b2 = cmodel(x * 2)
    print(round(b2.sum().item(), 4))
