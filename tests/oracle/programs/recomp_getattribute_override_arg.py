"""recomp: an argument object overrides __getattribute__ to redirect reads of 'scale' to a dict; the dict value changes between calls -- test_misc.py test_getattribute_override."""
import torch


class Redirect:
    def __init__(self):
        object.__setattr__(self, "_vals", {"scale": 2.0})
        self.scale = 100.0

    def __getattribute__(self, name):
        if name == "scale":
            return object.__getattribute__(self, "_vals")["scale"]
        return object.__getattribute__(self, name)


@torch.compile(backend="eager")
def f(x, r):
    return (x * r.scale).sum()


torch.manual_seed(0)
x = torch.randn(4)
r = Redirect()
print(round(f(x, r).item(), 4))
r._vals["scale"] = 3.0
print(round(f(x, r).item(), 4))
r.scale = 7.0  # ignored by __getattribute__
print(round(f(x, r).item(), 4))
