"""recomp: the compiled module converted with .to(dtype=torch.float64) and fed float64 input -- test_modules.py OptimizedModuleTest.test_to."""
import torch
torch.manual_seed(0)

class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)
        self.buf = torch.nn.Buffer(torch.ones(3))

    def forward(self, x):
        return torch.relu(self.lin(x) + self.buf)

opt = torch.compile(Block())
x = torch.randn(2, 3)
opt(x)
opt(x)
opt = opt.to(dtype=torch.float64)
opt(x.double())
opt(x.double())
