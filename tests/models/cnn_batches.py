# expect-entries: 3
# expect-hits: 3
# expect-dynamic: automatic dynamic size L['x'] size(0) 4 != 2
# expect-dynamic: automatic dynamic size L['x'] size(2) 32 != 16
"""A small CNN run on batches of 2, 4, 8 and 5 images, then on larger
images: batch and spatial sizes change."""
import torch


class SmallCNN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.features = torch.nn.Sequential(
            torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
            torch.nn.MaxPool2d(2), torch.nn.Conv2d(8, 16, 3, padding=1), torch.nn.ReLU(),
            torch.nn.AdaptiveAvgPool2d(1))
        self.head = torch.nn.Linear(16, 10)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


torch.manual_seed(0)
model = torch.compile(SmallCNN().eval())
with torch.no_grad():
    for batch, size in ((2, 16), (4, 16), (8, 16), (5, 16), (4, 32), (4, 24)):
        print(tuple(model(torch.randn(batch, 3, size, size)).shape))
