"""recomp: a forward hook registered on the compiled module between calls, then removed."""
import torch

torch.manual_seed(0)
m = torch.nn.Linear(3, 3)
opt = torch.compile(m, backend="eager")
x = torch.randn(2, 3)
print(opt(x).sum())
h = m.register_forward_hook(lambda mod, inp, out: out * 2)
print(opt(x).sum())
h.remove()
print(opt(x).sum())
