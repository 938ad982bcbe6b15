"""disable: a submodule whose forward is disabled -- test_misc.py test_disable_module."""
import torch
torch.manual_seed(0)

class Plain(torch.nn.Module):
    @torch.compiler.disable
    def forward(self, x):
        return x * 2

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)
        self.plain = Plain()

    def forward(self, x):
        return self.plain(self.lin(x)).relu()

torch.compile(M())(torch.randn(2, 3))
