"""real: stochastic weight averaging: AveragedModel of a BN conv net compiled, update_parameters after each epoch, then swa_utils.update_bn (resets running stats and sets BN momentum=None for a cumulative average) and compiled eval -- torch.optim.swa_utils tutorial."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim.swa_utils import AveragedModel, SWALR, update_bn
torch.manual_seed(0)

model = nn.Sequential(nn.Conv2d(2, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(),
                      nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 3))
swa_model = AveragedModel(model)
cswa = torch.compile(swa_model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
swa_sched = SWALR(opt, swa_lr=0.05, anneal_epochs=1)
loader = [torch.randn(4, 2, 5, 5) for _ in range(3)]
labels = [torch.randint(0, 3, (4,)) for _ in range(3)]
xval = torch.randn(2, 2, 5, 5)
for epoch in range(3):
    model.train()
    for x, y in zip(loader, labels):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    swa_model.update_parameters(model)
    swa_sched.step()
    update_bn(loader, cswa)
    cswa.eval()
    with torch.no_grad():
        print(epoch, int(swa_model.n_averaged), round(cswa(xval).sum().item(), 4))
