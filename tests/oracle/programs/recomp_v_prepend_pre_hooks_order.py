"""recomp: two forward pre-hooks whose order matters (x*2 and x+1); a third is registered with prepend=True between calls, then the first is removed -- test_hooks.py forward pre-hook ordering."""
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Linear(2, 1)
with torch.no_grad():
    m.weight.fill_(1.0)
    m.bias.zero_()
cm = torch.compile(m)
x = torch.ones(1, 2)
h1 = m.register_forward_pre_hook(lambda mod, a: (a[0] * 2,))
m.register_forward_pre_hook(lambda mod, a: (a[0] + 1,))
print(cm(x).item())
m.register_forward_pre_hook(lambda mod, a: (a[0] - 3,), prepend=True)
print(cm(x).item())
h1.remove()
print(cm(x).item())
