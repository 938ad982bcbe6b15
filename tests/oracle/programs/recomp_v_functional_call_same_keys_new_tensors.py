"""recomp: a compiled function takes a params dict for torch.func.functional_call; later calls pass the same keys with other tensors, then a weight of another shape -- test_higher_order_ops.py test_functional_call."""
import torch
import torch.nn as nn

torch.manual_seed(0)
base = nn.Linear(3, 2)


@torch.compile
def f(params, x):
    return torch.func.functional_call(base, params, (x,)).relu().sum()


x = torch.randn(4, 3)
p1 = {k: v.detach().clone() for k, v in base.named_parameters()}
p2 = {k: v * 3 for k, v in p1.items()}
print(round(f(p1, x).item(), 4))
print(round(f(p2, x).item(), 4))
p1["weight"].add_(1.0)
print(round(f(p1, x).item(), 4))
p3 = {"weight": torch.ones(5, 3), "bias": torch.zeros(5)}
print(round(f(p3, x).item(), 4))
