"""recomp: a match statement with class patterns (Cfg(mode='a', scale=s)) on a frozen dataclass reached as model.blocks[0].cfg; the dataclass is replaced via dataclasses.replace between calls -- test_patma.py class patterns / test_model_output.py."""
import dataclasses
import torch


@dataclasses.dataclass(frozen=True)
class Cfg:
    mode: str = "a"
    scale: float = 2.0
    flag: bool = True


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = Cfg()


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = torch.nn.ModuleList([Block()])

    def forward(self, x):
        match self.blocks[0].cfg:
            case Cfg(mode="a", scale=s, flag=True):
                return x * s + 1
            case Cfg(mode="a", scale=s):
                return x * s
            case Cfg(mode=m):
                return x - len(m)


m = Model()
cm = torch.compile(m, backend="eager")
x = torch.arange(3.0)
print(cm(x).sum().item())
m.blocks[0].cfg = dataclasses.replace(m.blocks[0].cfg, scale=3.0)
print(cm(x).sum().item())
m.blocks[0].cfg = dataclasses.replace(m.blocks[0].cfg, flag=False)
print(cm(x).sum().item())
m.blocks[0].cfg = dataclasses.replace(m.blocks[0].cfg, mode="bbb")
print(cm(x).sum().item())
