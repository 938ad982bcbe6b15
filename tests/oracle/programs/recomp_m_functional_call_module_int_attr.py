"""recomp: torch.func.functional_call on a module whose forward loops self.n times; n changed between calls, params passed as a dict -- test_higher_order_ops.py test_functional_call_free_variable."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.n = 1

    def forward(self, x):
        for _ in range(self.n):
            x = self.lin(x).tanh()
        return x


m = M()
params = {k: v.detach() for k, v in m.named_parameters()}


@torch.compile
def f(p, x):
    return torch.func.functional_call(m, p, (x,))


x = torch.ones(1, 2)
print(round(f(params, x).sum().item(), 4))
m.n = 3
print(round(f(params, x).sum().item(), 4))
params["lin.bias"] = torch.zeros(2)
print(round(f(params, x).sum().item(), 4))
