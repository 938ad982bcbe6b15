"""misc: a LazyLinear materialized on the first compiled call, followed by a graph break in a helper -- test_modules.py test_lazy_module_speculation_log_divergence."""
import torch
import torch._dynamo
torch.manual_seed(0)

def passthrough(x):
    torch._dynamo.graph_break()
    return x

class Wrapper(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.LazyLinear(4)

    def forward(self, x):
        return self.layer(x)

@torch.compile
def f(mod, x):
    out = mod(x)
    passthrough(out)
    return out * 2

mod = Wrapper()
f(mod, torch.ones(5, 3))
f(mod, torch.ones(5, 3))
print(type(mod.layer).__name__)
