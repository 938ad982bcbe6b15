"""real: transfer learning: backbone frozen (requires_grad False) for the first epochs with only the head in the optimizer, then unfrozen and added via opt.add_param_group with a smaller lr; forward+loss compiled -- fine-tuning with gradual unfreezing (ULMFiT / torchvision finetuning tutorial)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU())
        self.head = nn.Linear(8, 3)

    def forward(self, x, y):
        return F.cross_entropy(self.head(self.backbone(x)), y)


model = Net()
for p in model.backbone.parameters():
    p.requires_grad_(False)
opt = torch.optim.SGD(model.head.parameters(), lr=0.1)
closs = torch.compile(model)
for epoch in range(4):
    if epoch == 2:
        for p in model.backbone.parameters():
            p.requires_grad_(True)
        opt.add_param_group({"params": model.backbone.parameters(), "lr": 0.01})
    x, y = torch.randn(5, 6), torch.randint(0, 3, (5,))
    loss = closs(x, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, round(loss.item(), 4), round(model.backbone[0].weight.sum().item(), 4))
