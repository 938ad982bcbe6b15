"""real: hyper-parameters kept in a config.py module (written to a temp dir and imported, as `import config as C`): the compiled train step reads C.MAX_GRAD_NORM for clip_grad_norm_ and C.AUX_WEIGHT for an auxiliary loss; a later training phase assigns new values to the module attributes -- detectron2/mmcv-style Python config modules."""
import importlib
import os
import sys
import tempfile
import torch
import torch.nn as nn
torch.manual_seed(0)

tmp = tempfile.mkdtemp()
with open(os.path.join(tmp, "s_train_config.py"), "w") as f:
    f.write("MAX_GRAD_NORM = 1.0\nAUX_WEIGHT = 0.5\nUSE_AUX = True\n")
sys.path.insert(0, tmp)
C = importlib.import_module("s_train_config")


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(5, 8)
        self.head = nn.Linear(8, 3)
        self.aux = nn.Linear(8, 3)

    def forward(self, x):
        h = torch.relu(self.body(x))
        return self.head(h), self.aux(h)


model = Net()
opt = torch.optim.SGD(model.parameters(), lr=0.5)
crit = nn.CrossEntropyLoss()


@torch.compile
def train_step(x, y):
    opt.zero_grad()
    out, aux = model(x)
    loss = crit(out, y)
    if C.USE_AUX:
        loss = loss + C.AUX_WEIGHT * crit(aux, y)
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), C.MAX_GRAD_NORM)
    return loss, norm


x = torch.randn(6, 5) * 3
y = torch.tensor([0, 1, 2, 0, 1, 2])
for step in range(5):
    if step == 2:
        C.MAX_GRAD_NORM = 0.1
    if step == 3:
        C.AUX_WEIGHT = 0.0
    if step == 4:
        C.USE_AUX = False
    loss, norm = train_step(x, y)
    opt.step()
    print(step, round(loss.item(), 4), round(norm.item(), 4), round(model.head.weight.sum().item(), 4))
