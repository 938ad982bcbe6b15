"""recomp: functional_call on a model with tied encoder/decoder weights, overriding the tied weight with tie_weights=True and then tie_weights=False -- test_higher_order_ops.py functional_call tie_weights."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 3, bias=False)
        self.b = nn.Linear(3, 3, bias=False)
        self.b.weight = self.a.weight

    def forward(self, x):
        return self.b(self.a(x))


m = Tied()


@torch.compile
def f(p, x, tie):
    return torch.func.functional_call(m, p, (x,), tie_weights=tie)


x = torch.randn(2, 3)
w = torch.eye(3) * 2
print(round(f({"a.weight": w}, x, True).sum().item(), 4))
print(round(f({"a.weight": w}, x, False).sum().item(), 4))
print(round(f({"a.weight": w * 0.5}, x, False).sum().item(), 4))
