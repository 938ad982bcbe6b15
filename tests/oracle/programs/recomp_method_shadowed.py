"""recomp: a method shadowed by a function set on the instance (m.helper = lambda ...) -- test_modules.py ___dict_contains guards."""
import torch
class M(torch.nn.Module):
    def helper(self, x): return x + 1
    def forward(self, x): return self.helper(x)
m = M(); c = torch.compile(m); x = torch.ones(2)
c(x); m.helper = lambda x: x * 100; c(x)
