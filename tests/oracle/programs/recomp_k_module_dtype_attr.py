"""recomp: a module keeps a torch.dtype and a torch.device as plain attributes and casts its output to self.dt; the dtype attribute is changed between calls -- test_guard_serialization.py test_an_unguarded_interned_singleton_is_not_pruned."""
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.dt = torch.float32
        self.dev = torch.device("cpu")
        self.lin = torch.nn.Linear(3, 2)

    def forward(self, x):
        return self.lin(x).to(self.dt) / 3


torch.manual_seed(0)
m = M()
cm = torch.compile(m)
x = torch.randn(2, 3)
y = cm(x)
print(y.dtype, round(y.double().sum().item(), 4))
m.dt = torch.float64
y = cm(x)
print(y.dtype, round(y.double().sum().item(), 4))
m.dt = torch.bfloat16
y = cm(x)
print(y.dtype, round(y.double().sum().item(), 2))
