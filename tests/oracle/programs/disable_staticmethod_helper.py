"""disable: torch.compiler.disable on a staticmethod helper of a module called in forward -- test_misc.py test_disable_staticmethod / disabled method."""
import torch
torch.manual_seed(0)

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)

    @staticmethod
    @torch.compiler.disable
    def clamp_eager(y):
        return y.clamp(-1, 1)

    def forward(self, x):
        return self.clamp_eager(self.lin(x)) * 2

m = torch.compile(Net())
m(torch.randn(2, 3))
m(torch.randn(2, 3))
