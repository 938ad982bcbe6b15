"""recomp: a forward pre-hook updates a running-max buffer in place from each input (buf.copy_(max(buf, |x|.max()))) and forward divides by it; the buffer is reset from outside and the hook removed between calls -- test_hooks.py pre-hook mutating module state."""
import torch
import torch.nn as nn


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("peak", torch.tensor(1.0))

    def forward(self, x):
        return x / self.peak


def track(mod, args):
    (x,) = args
    mod.peak.copy_(torch.maximum(mod.peak, x.abs().max()))


m = Norm()
h = m.register_forward_pre_hook(track)
cm = torch.compile(m)
print(cm(torch.tensor([1.0, -4.0])).tolist(), m.peak.item())
print(cm(torch.tensor([2.0, 2.0])).tolist(), m.peak.item())
print(cm(torch.tensor([8.0, 1.0])).tolist(), m.peak.item())
m.peak.fill_(2.0)
print(cm(torch.tensor([1.0, 1.0])).tolist(), m.peak.item())
h.remove()
print(cm(torch.tensor([16.0, 1.0])).tolist(), m.peak.item())
