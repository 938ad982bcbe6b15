"""recomp: a module's dict attribute filled by the first call (if 'k' in self.cache) -- test_modules.py dict guards."""
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__(); self.cache = {}
    def forward(self, x):
        if "k" in self.cache:
            return x + self.cache["k"]
        self.cache["k"] = x * 2
        return x
c = torch.compile(M())
for i in range(3): print(c(torch.ones(2) * i))
