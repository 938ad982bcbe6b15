"""real: fine-tuning that freezes BatchNorm statistics after warmup: model.train() then every nn.BatchNorm2d submodule put in eval() (running stats stop updating) while the rest keeps training, a compiled model; later only the first BN is unfrozen again -- mmcv/mmdet norm_eval=True (ResNet.train override) / detectron freeze_bn pattern."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 4, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(4)
        self.c2 = nn.Conv2d(4, 4, 3, padding=1)
        self.bn2 = nn.BatchNorm2d(4)
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        x = torch.relu(self.bn1(self.c1(x)))
        x = torch.relu(self.bn2(self.c2(x)))
        return self.fc(x.mean((2, 3)))


def freeze_bn(model):
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.eval()


model = Net()
cm = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
x, y = torch.randn(4, 3, 5, 5), torch.tensor([0, 1, 1, 0])
for step in range(4):
    model.train()
    if step >= 1:
        freeze_bn(model)
    if step >= 3:
        model.bn1.train()
    loss = nn.functional.cross_entropy(cm(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), round(model.bn1.running_mean.sum().item(), 4), round(model.bn2.running_mean.sum().item(), 4))
