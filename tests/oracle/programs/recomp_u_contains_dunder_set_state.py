"""recomp: `"bias" in opts` where the options object's __contains__ checks a set attribute; the set is mutated in place between calls -- test_sets.py / test_misc.py user __contains__."""
import torch


class Opts:
    def __init__(self, *names):
        self._on = set(names)

    def __contains__(self, name):
        return name in self._on


@torch.compile
def f(x, opts):
    y = x * 2
    if "bias" in opts:
        y = y + 1
    if "act" in opts:
        y = y.relu()
    return y


x = torch.arange(-2.0, 2.0)
o = Opts("bias")
print(f(x, o).tolist())
o._on.add("act")
print(f(x, o).tolist())
o._on.discard("bias")
print(f(x, o).tolist())
