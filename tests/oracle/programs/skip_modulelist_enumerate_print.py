"""skip: a print on one iteration of enumerate(ModuleList) in forward -- test_modules.py ModuleList iteration with graph break."""
import torch
torch.manual_seed(0)

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList(torch.nn.Linear(3, 3) for _ in range(3))

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x).relu()
            if i == 1:
                print("layer", i)
        return x

m = torch.compile(Net())
m(torch.ones(2, 3))
m(torch.ones(2, 3))
