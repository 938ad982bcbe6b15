"""recomp: the compiled function imports a module by name inside its body; sys.modules[name] is replaced by another module with a different constant between calls -- test_modules.py / test_misc.py test_import_in_function style."""
import sys
import types
import torch


def make_mod(k):
    m = types.ModuleType("rknob")
    m.K = k
    return m


sys.modules["rknob"] = make_mod(2.0)


@torch.compile(backend="eager")
def f(x):
    import rknob
    return x * rknob.K


x = torch.arange(4.0)
print(f(x).sum().item())
print(f(x).sum().item())
sys.modules["rknob"] = make_mod(5.0)
print(f(x).sum().item())
sys.modules["rknob"].K = 7.0
print(f(x).sum().item())
