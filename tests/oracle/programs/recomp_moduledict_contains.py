"""recomp: forward tests `"scale" in self.blocks` and the user adds that key to the ModuleDict -- test_modules.py test_nn_moduledict_contains."""
import torch

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = torch.nn.ModuleDict({"shift": torch.nn.Identity()})

    def forward(self, x):
        if "scale" in self.blocks:
            x = torch.mul(x, 3.0)
        return torch.add(self.blocks["shift"](x), 1.0)

m = M()
c = torch.compile(m)
c(torch.ones(2))
m.blocks["scale"] = torch.nn.Identity()
c(torch.ones(2))
c(torch.ones(2))
