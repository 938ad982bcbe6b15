"""recomp: a forward hook on a module called inside a compiled function is removed between calls -- test_modules.py test_hooks_inner."""
import torch

class Affine(torch.nn.Module):
    def forward(self, x):
        return 2 * x + 1

m = Affine()
handle = m.register_forward_hook(lambda mod, inp, out: 3 * out - 1)

@torch.compile
def outer(t):
    return m(t * 2 + 1)

x = torch.tensor([1.0, 2.0])
outer(x)
outer(x)
handle.remove()
outer(x)
outer(x)
