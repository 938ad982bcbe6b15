"""recomp: a module attribute holding a builtin function (self.act = torch.relu -> torch.tanh) -- test_recompiles.py ID_MATCH on callables."""
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__(); self.act = torch.relu
    def forward(self, x):
        return self.act(x)
m = M(); c = torch.compile(m); x = torch.linspace(-1, 1, 4)
c(x); m.act = torch.tanh; c(x)
