# expect-graphs: 1
# expect-ops: 13
# expect-breaks: none
"""A small CNN (conv, batch norm, pooling, linear) in eval mode."""
import torch

class SmallCNN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.features = torch.nn.Sequential(
            torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
            torch.nn.MaxPool2d(2),
            torch.nn.Conv2d(8, 16, 3, padding=1), torch.nn.BatchNorm2d(16), torch.nn.ReLU(),
            torch.nn.AdaptiveAvgPool2d(1))
        self.classifier = torch.nn.Linear(16, 10)

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))

torch.manual_seed(0)
model = torch.compile(SmallCNN().eval())
with torch.no_grad():
    print(model(torch.randn(2, 3, 32, 32)).argmax(1).tolist())
