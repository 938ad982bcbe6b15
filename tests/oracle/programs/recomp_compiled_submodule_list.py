"""recomp: four torch.compile(Sub()) instances chained share one code object: the 2nd gets an input that requires grad (recompile), a rank-3 input recompiles twice more -- test_modules.py test_no_recompile_on_nn_guarded_modules / test_recompile_limit_on_guarded_nn_modules."""
import torch
torch.manual_seed(0)

class Sub(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        return self.lin(torch.sin(torch.cos(x)))

mods = [torch.compile(Sub()) for _ in range(4)]

def run(x):
    for m in mods:
        x = m(x)
    return x

run(torch.randn(2, 4))
run(torch.randn(3, 2, 4))
