"""recomp: a functools.partial held on an nn.Module attribute (self.act); its keywords dict is mutated in place between calls -- test_functools.py test_partial / test_modules.py."""
import functools
import torch


def leaky(x, slope=0.1):
    return torch.where(x > 0, x, x * slope)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.act = functools.partial(leaky, slope=0.1)

    def forward(self, x):
        return self.act(x) * 2


m = M()
cm = torch.compile(m, backend="eager")
x = torch.linspace(-2.0, 2.0, 5)
print(round(cm(x).sum().item(), 4))
m.act.keywords["slope"] = 0.5
print(round(cm(x).sum().item(), 4))
