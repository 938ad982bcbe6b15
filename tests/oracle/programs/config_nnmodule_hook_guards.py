"""config: skip_nnmodule_hook_guards=False makes a forward hook registered after the first call recompile -- test_hooks.py test_nnmodule_hook_guards."""
import torch
import torch._dynamo

torch._dynamo.config.skip_nnmodule_hook_guards = False
torch.manual_seed(0)

class Mod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(4, 4)

    def forward(self, x):
        return self.linear(x)

mod = Mod()

@torch.compile
def f(x):
    return mod(x)

x = torch.ones(2, 4)
f(x)
mod.register_forward_hook(lambda m, inp, out: out * 2)
f(x)
f(x)
