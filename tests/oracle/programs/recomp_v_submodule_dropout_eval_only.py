"""recomp: only a submodule is switched to eval (model.drop.eval()) while the rest stays in train mode; forward branches on self.drop.training -- test_recompiles.py training flag of a submodule."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.drop = nn.Dropout(0.0)

    def forward(self, x):
        h = self.fc(x)
        if self.drop.training:
            h = h * 0 + 1
        return self.drop(h), self.training


m = Net()
cm = torch.compile(m)
x = torch.randn(2, 4)
torch.manual_seed(1)
out, tr = cm(x)
print(tr, round(out.sum().item(), 4))
m.drop.eval()
out, tr = cm(x)
print(tr, m.drop.training, round(out.sum().item(), 4))
m.eval()
m.drop.train()
torch.manual_seed(1)
out, tr = cm(x)
print(tr, round(out.sum().item(), 4))
