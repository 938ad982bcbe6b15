"""real: Siamese network: shared tower applied to two inputs, concatenated, BCE loss, train step -- pytorch/examples siamese_network/main.py."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class Siamese(nn.Module):
    def __init__(self):
        super().__init__()
        self.tower = nn.Sequential(nn.Conv2d(1, 4, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.fc = nn.Sequential(nn.Linear(8, 4), nn.ReLU(), nn.Linear(4, 1))

    def forward_once(self, x):
        return self.tower(x)

    def forward(self, a, b):
        out = self.fc(torch.cat((self.forward_once(a), self.forward_once(b)), 1))
        return torch.sigmoid(out)

model = torch.compile(Siamese())
opt = torch.optim.SGD(model.parameters(), lr=0.1)
crit = nn.BCELoss()
for _ in range(3):
    opt.zero_grad()
    a, b, y = torch.rand(2, 1, 6, 6), torch.rand(2, 1, 6, 6), torch.tensor([[1.0], [0.0]])
    crit(model(a, b), y).backward()
    opt.step()
model.eval()
model(torch.rand(2, 1, 6, 6), torch.rand(2, 1, 6, 6))
