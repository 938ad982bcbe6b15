"""real: PixelCNN MaskedConv2d (jzbontar/pixelcnn-pytorch and many copies) -- register_buffer('mask', ...) with type 'A'/'B', forward does `self.weight.data *= self.mask` then super().forward(x); trained with cross_entropy over 256 levels; sampling loop fills pixels one by one with torch.multinomial under no_grad."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class MaskedConv2d(nn.Conv2d):
    def __init__(self, mask_type, *args, **kwargs):
        super(MaskedConv2d, self).__init__(*args, **kwargs)
        assert mask_type in {'A', 'B'}
        self.register_buffer('mask', self.weight.data.clone())
        _, _, kH, kW = self.weight.size()
        self.mask.fill_(1)
        self.mask[:, :, kH // 2, kW // 2 + (mask_type == 'B'):] = 0
        self.mask[:, :, kH // 2 + 1:] = 0

    def forward(self, x):
        self.weight.data *= self.mask
        return super(MaskedConv2d, self).forward(x)


fm = 8
net = nn.Sequential(
    MaskedConv2d('A', 1, fm, 5, 1, 2, bias=False), nn.BatchNorm2d(fm), nn.ReLU(True),
    MaskedConv2d('B', fm, fm, 3, 1, 1, bias=False), nn.BatchNorm2d(fm), nn.ReLU(True),
    nn.Conv2d(fm, 16, 1))
cnet = torch.compile(net, backend="eager")
optimizer = torch.optim.Adam(net.parameters())
data = torch.rand(10, 1, 6, 6)
for epoch in range(2):
    net.train()
    for i in range(0, 10, 4):
        input = data[i:i + 4]
        target = (input[:, 0] * 15).long()
        loss = F.cross_entropy(cnet(input), target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    print(epoch, round(loss.item(), 4))

sample = torch.zeros(2, 1, 6, 6)
net.eval()
with torch.no_grad():
    for i in range(2):
        for j in range(6):
            out = cnet(sample)
            probs = F.softmax(out[:, :, i, j], dim=1)
            sample[:, :, i, j] = torch.multinomial(probs, 1).float() / 15.
print(sample.sum().item() >= 0)
