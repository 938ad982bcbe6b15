"""recomp: a module attribute holds a class object (self.blocks[0].cfg = CfgClass, not an instance); the class attribute CfgClass.scale changes between calls -- test_modules.py / test_class.py class objects as attributes."""
import torch


class CfgClass:
    scale = 2.0
    shift = 0.0


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = CfgClass


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = torch.nn.ModuleList([Block()])

    def forward(self, x):
        c = self.blocks[0].cfg
        return x * c.scale + c.shift


m = torch.compile(M(), backend="eager")
x = torch.arange(3.0)
print(m(x).sum().item())
CfgClass.scale = 3.0
print(m(x).sum().item())
CfgClass.shift = 1.0
print(m(x).sum().item())
