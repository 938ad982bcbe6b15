"""recomp: a callable object (instance with __call__) kept on a module attribute; the class's __call__ is replaced between calls -- test_functions.py callable objects / test_descr.py special method lookup."""
import torch


class Act:
    def __call__(self, x):
        return torch.relu(x)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.act = Act()

    def forward(self, x):
        return self.act(x) * 2


m = torch.compile(M(), backend="eager")
x = torch.linspace(-1.0, 1.0, 5)
print(round(m(x).sum().item(), 4))
print(round(m(x).sum().item(), 4))
Act.__call__ = lambda self, x: torch.sigmoid(x)
print(round(m(x).sum().item(), 4))
