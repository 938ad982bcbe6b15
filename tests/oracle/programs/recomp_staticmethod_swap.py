"""recomp: a staticmethod replaced on the class between calls -- test_modules.py method guards."""
import torch
class M(torch.nn.Module):
    @staticmethod
    def act(x): return torch.relu(x)
    def forward(self, x): return self.act(x)
m = M(); c = torch.compile(m); x = torch.linspace(-1, 1, 4)
c(x); M.act = staticmethod(torch.tanh); c(x)
