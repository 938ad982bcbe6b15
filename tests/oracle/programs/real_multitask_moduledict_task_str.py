"""real: multi-task model with a ModuleDict of heads selected by a task string argument and per-task loss weights in a global dict mutated mid-training; compiled forward+loss -- MT-DNN / multi-task heads pattern."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

LOSS_WEIGHTS = {"sentiment": 1.0, "topic": 0.5}


class MultiTask(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Sequential(nn.Linear(6, 8), nn.GELU())
        self.heads = nn.ModuleDict({"sentiment": nn.Linear(8, 2), "topic": nn.Linear(8, 4)})

    def forward(self, x, y, task):
        logits = self.heads[task](self.shared(x))
        return LOSS_WEIGHTS[task] * F.cross_entropy(logits, y)


model = MultiTask()
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
schedule = [("sentiment", 2), ("topic", 4), ("sentiment", 2), ("topic", 4), ("topic", 4)]
for step, (task, n) in enumerate(schedule):
    if step == 3:
        LOSS_WEIGHTS["topic"] = 2.0
    x, y = torch.randn(5, 6), torch.arange(5) % n
    loss = cmodel(x, y, task)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, task, round(loss.item(), 4))
