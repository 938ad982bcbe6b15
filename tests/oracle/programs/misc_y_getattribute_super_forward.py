"""misc: an argument object whose __getattribute__ forwards through super().__getattribute__ and counts nothing; its attribute changes between calls -- test_misc.py __getattribute__ override via super()."""
import torch


class Cfg:
    def __init__(self):
        self.scale = 2.0

    def __getattribute__(self, name):
        if name == "scale":
            return super().__getattribute__("scale") * 10
        return super().__getattribute__(name)


@torch.compile(backend="eager")
def f(x, c):
    return (x * c.scale).sum()


x = torch.ones(3)
c = Cfg()
print(f(x, c).item())
print(f(x, c).item())
c.scale = 3.0
print(f(x, c).item())
