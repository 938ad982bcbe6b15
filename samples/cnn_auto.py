"""A small CNN run eagerly with no torch.compile: dynx's automatic policy
watches the outermost nn.Module.forward calls.

    dynx-capture --list-frames samples/cnn_auto.py
"""
# expect-graphs: 2
# expect-ops: 11 11
# expect-breaks: none
# expect-entries: 2
# expect-reason: 0/0: tensor 'x' size mismatch at index 0. expected 1, actual 4
import torch


class ConvBlock(torch.nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = torch.nn.Conv2d(cin, cout, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(cout)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


class SmallCNN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = torch.nn.Sequential(ConvBlock(3, 8), ConvBlock(8, 16))
        self.head = torch.nn.Linear(16, 10)

    def forward(self, x):
        x = self.blocks(x)
        return self.head(x.mean(dim=(2, 3)))


torch.manual_seed(0)
model = SmallCNN().eval()
with torch.no_grad():
    for batch in (1, 4):
        logits = model(torch.randn(batch, 3, 32, 32))
        print(batch, tuple(logits.shape), logits.argmax(dim=1).tolist())
