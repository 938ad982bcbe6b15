"""recomp: `if self.extra:` on an nn.ModuleList of optional heads (its truth is its length); a head is appended after the first call and the list is cleared later -- test_modules.py test_modulelist_bool / optional heads."""
import torch

torch.manual_seed(0)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(2, 2)
        self.extra = torch.nn.ModuleList()

    def forward(self, x):
        y = self.body(x)
        if self.extra:
            y = y + sum(h(y) for h in self.extra)
        return y


net = Net()
m = torch.compile(net)
x = torch.ones(1, 2)
print([round(v, 4) for v in m(x).flatten().tolist()])
net.extra.append(torch.nn.Linear(2, 2))
print([round(v, 4) for v in m(x).flatten().tolist()])
del net.extra[0]
print([round(v, 4) for v in m(x).flatten().tolist()])
