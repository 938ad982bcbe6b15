"""recomp: torch.utils.swap_tensors exchanges the contents of a Linear's weight Parameter with a Parameter of another shape (same Python object, new shape and values) between calls -- test_modules.py swap_tensors / test_repros.py parameter mutated in place."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Proj(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(2, 3))

    def forward(self, x):
        return x @ self.weight.t()


m = Proj()
cm = torch.compile(m)
x = torch.randn(4, 3)
print(tuple(cm(x).shape), round(cm(x).sum().item(), 4))
w_id = id(m.weight)
torch.utils.swap_tensors(m.weight, nn.Parameter(torch.full((5, 3), 2.0)))
out = cm(x)
print(id(m.weight) == w_id, tuple(out.shape), round(out.sum().item(), 4))
torch.utils.swap_tensors(m.weight, nn.Parameter(torch.full((5, 3), -1.0)))
out = cm(x)
print(tuple(out.shape), round(out.sum().item(), 4))
