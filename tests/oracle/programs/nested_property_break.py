"""nested: a module @property whose getter calls .item(), read in forward -- test_modules.py property access with graph break."""
import torch

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("temp", torch.tensor(2.0))

    @property
    def temperature(self):
        return self.temp.item()

    def forward(self, x):
        x = x.exp()
        return x / self.temperature

m = torch.compile(Net())
m(torch.ones(3))
m(torch.ones(3))
