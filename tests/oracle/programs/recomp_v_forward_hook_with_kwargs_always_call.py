"""recomp: register_forward_hook(with_kwargs=True, always_call=True) on a compiled module called with a keyword argument; the hook rescales the output by the kwarg, then is removed by its handle -- test_hooks.py forward hooks with kwargs."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x, scale=1.0):
        return self.fc(x) * scale


def hook(mod, args, kwargs, out):
    return out + kwargs.get("scale", 1.0)


m = Gate()
cm = torch.compile(m)
x = torch.randn(2, 3)
print(round(cm(x, scale=2.0).sum().item(), 4))
h = m.register_forward_hook(hook, with_kwargs=True, always_call=True)
print(round(cm(x, scale=2.0).sum().item(), 4))
print(round(cm(x, scale=3.0).sum().item(), 4))
h.remove()
print(round(cm(x, scale=3.0).sum().item(), 4))
