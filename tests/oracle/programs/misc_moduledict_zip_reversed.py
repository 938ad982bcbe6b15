"""misc: ModuleDict.items() zipped with reversed(Sequential) in forward, fullgraph -- test_modules.py test_moduledict / test_sequential iteration."""
import torch
torch.manual_seed(0)

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = torch.nn.ModuleDict({"a": torch.nn.Linear(3, 3), "b": torch.nn.Linear(3, 3)})
        self.seq = torch.nn.Sequential(torch.nn.Tanh(), torch.nn.ReLU())

    def forward(self, x):
        out = 0
        for (name, head), act in zip(self.heads.items(), reversed(self.seq)):
            out = out + act(head(x)) * len(name)
        return out

m = torch.compile(Net(), fullgraph=True)
m(torch.ones(2, 3))
