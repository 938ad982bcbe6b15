"""recomp: a module keeps an autocast context object as an attribute and enters it in forward; the attribute is replaced by an equal one, then by one with another dtype -- test_guard_serialization.py test_autocast_equals_match."""
import torch


class Module(torch.nn.Module):
    def __init__(self, ctx):
        super().__init__()
        self.ctx = ctx

    def forward(self, x):
        with self.ctx:
            return x @ x


module = Module(torch.amp.autocast("cpu", dtype=torch.bfloat16))
cm = torch.compile(module)
torch.manual_seed(0)
x = torch.randn(4, 4)
y = cm(x)
print(y.dtype, round(y.float().sum().item(), 1))
module.ctx = torch.amp.autocast("cpu", dtype=torch.bfloat16)
y = cm(x)
print(y.dtype, round(y.float().sum().item(), 1))
module.ctx = torch.amp.autocast("cpu", dtype=torch.float16)
y = cm(x)
print(y.dtype, round(y.float().sum().item(), 1))
module.ctx = torch.amp.autocast("cpu", enabled=False)
y = cm(x)
print(y.dtype, round(y.float().sum().item(), 1))
