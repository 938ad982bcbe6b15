"""recomp: a module's forward adds an L2 penalty over the parameters whose names do not start with a global FROZEN prefix tuple; the tuple is rebound between calls -- test_modules.py named_parameters in forward / real freezing by prefix."""
import torch

torch.manual_seed(0)
FROZEN = ("enc.",)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Linear(3, 3)
        self.dec = torch.nn.Linear(3, 2)

    def forward(self, x):
        out = self.dec(self.enc(x)).sum()
        reg = 0.0
        for name, p in self.named_parameters():
            if not name.startswith(FROZEN):
                reg = reg + p.pow(2).sum()
        return out + reg


m = Net()
cm = torch.compile(m)
x = torch.ones(1, 3)
print(round(cm(x).item(), 4))
FROZEN = ("dec.",)
print(round(cm(x).item(), 4))
FROZEN = ("enc.", "dec.bias")
print(round(cm(x).item(), 4))
