"""real: small U-Net (DoubleConv, MaxPool down, ConvTranspose up, pad-to-match with F.pad on diffX/diffY, cat skip) on an even then an odd image size -- milesial/Pytorch-UNet unet_parts.py Up.forward."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class DoubleConv(nn.Sequential):
    def __init__(self, cin, cout):
        super().__init__(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
                         nn.Conv2d(cout, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))

class Up(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.up = nn.ConvTranspose2d(cin, cin // 2, kernel_size=2, stride=2)
        self.conv = DoubleConv(cin, cout)

    def forward(self, x1, x2):
        x1 = self.up(x1)
        diffY = x2.size()[2] - x1.size()[2]
        diffX = x2.size()[3] - x1.size()[3]
        x1 = F.pad(x1, [diffX // 2, diffX - diffX // 2, diffY // 2, diffY - diffY // 2])
        return self.conv(torch.cat([x2, x1], dim=1))

class UNet(nn.Module):
    def __init__(self, n_channels=1, n_classes=2):
        super().__init__()
        self.inc = DoubleConv(n_channels, 4)
        self.down1 = nn.Sequential(nn.MaxPool2d(2), DoubleConv(4, 8))
        self.up1 = Up(8, 4)
        self.outc = nn.Conv2d(4, n_classes, kernel_size=1)

    def forward(self, x):
        x1 = self.inc(x)
        x2 = self.down1(x1)
        return self.outc(self.up1(x2, x1))

model = UNet().eval()
cmodel = torch.compile(model)
with torch.no_grad():
    for size in (8, 8, 9):
        mask = cmodel(torch.rand(1, 1, size, size)).argmax(dim=1)
        assert mask.shape == (1, size, size)
