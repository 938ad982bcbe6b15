"""real: multi-task model with heads in an nn.ModuleDict chosen by self.task (str attribute); the "cls" head is replaced by a new nn.Linear with more classes mid-training (class-incremental learning) and the task switched back and forth -- continual-learning / multitask trainer shape."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class MultiTask(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(6, 16), nn.ReLU())
        self.heads = nn.ModuleDict({"cls": nn.Linear(16, 3), "reg": nn.Linear(16, 1)})
        self.task = "cls"

    def forward(self, x):
        return self.heads[self.task](self.backbone(x))


model = MultiTask()
cmodel = torch.compile(model)
x = torch.randn(4, 6)
print(tuple(cmodel(x).shape))
model.task = "reg"
print(tuple(cmodel(x).shape))
model.task = "cls"
old = model.heads["cls"]
new = nn.Linear(16, 5)
with torch.no_grad():
    new.weight[:3].copy_(old.weight)
    new.bias[:3].copy_(old.bias)
model.heads["cls"] = new
out = cmodel(x)
print(tuple(out.shape), round(out.sum().item(), 4))
model.task = "reg"
print(tuple(cmodel(x).shape))
