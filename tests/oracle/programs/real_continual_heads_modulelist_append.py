"""real: class-incremental learning: the compiled model concatenates the logits of every head in self.heads (an nn.ModuleList); when a new task arrives the script appends a new Linear head (model.heads.append) and trains on, and evaluation masks old-class logits with self.known_classes (int attribute) -- iCaRL / PyCIL IncrementalNet.update_fc / Avalanche IncrementalClassifier."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class IncrementalNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(5, 8), nn.ReLU())
        self.heads = nn.ModuleList([nn.Linear(8, 2)])
        self.known_classes = 0

    def add_task(self, n_new):
        self.known_classes = sum(h.out_features for h in self.heads)
        self.heads.append(nn.Linear(8, n_new))

    def forward(self, x):
        f = self.backbone(x)
        return torch.cat([h(f) for h in self.heads], dim=1)


model = IncrementalNet()
cm = torch.compile(model)
x = torch.randn(4, 5)
for task in range(3):
    if task > 0:
        model.add_task(2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    y = torch.tensor([0, 1, 0, 1]) + model.known_classes
    logits = cm(x)
    loss = F.cross_entropy(logits, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(task, tuple(logits.shape), round(loss.item(), 4))
