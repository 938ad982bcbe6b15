"""recomp: a non-persistent buffer (register_buffer persistent=False) is reassigned by attribute between calls, then the module is reloaded from a state dict that lacks it -- test_modules.py buffers / test_repros.py buffer reassigned."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Rope(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.register_buffer("freq", torch.ones(4), persistent=False)

    def forward(self, x):
        return self.lin(x) * self.freq


m = Rope()
cm = torch.compile(m)
x = torch.randn(2, 4)
print(round(cm(x).sum().item(), 4))
m.freq = torch.arange(4.0)
print(round(cm(x).sum().item(), 4), sorted(m.state_dict()))
m.load_state_dict({k: v * 0 for k, v in m.state_dict().items()})
print(round(cm(x).sum().item(), 4))
m.freq = torch.arange(4.0).double()
out = cm(x)
print(out.dtype, round(out.sum().item(), 4))
