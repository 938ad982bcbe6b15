"""recomp: a with_kwargs forward pre-hook rewriting a keyword is registered on the top-level compiled module after the first call, then removed -- test_modules.py test_hooks_skip_guards."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x, scale=1.0):
        return self.lin(x) * scale


m = Scaled()
cm = torch.compile(m)
x = torch.randn(2, 3)
print(round(cm(x, scale=2.0).sum().item(), 4))


def pre(mod, args, kwargs):
    kwargs = dict(kwargs)
    kwargs["scale"] = kwargs.get("scale", 1.0) * 10.0
    return args, kwargs


h = m.register_forward_pre_hook(pre, with_kwargs=True)
print(round(cm(x, scale=2.0).sum().item(), 4))
h.remove()
print(round(cm(x, scale=2.0).sum().item(), 4))
