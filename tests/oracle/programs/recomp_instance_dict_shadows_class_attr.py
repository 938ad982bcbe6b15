"""recomp: a class attribute is shadowed by an instance attribute set with vars(obj).update, then the instance attribute is deleted -- test_misc.py test_class_attr_shadowed_instance."""
import torch


class Cfg:
    factor = 2.0


cfg = Cfg()


@torch.compile(backend="eager")
def f(x):
    return (x * cfg.factor).sum()


torch.manual_seed(0)
x = torch.randn(5)
print(round(f(x).item(), 4))
vars(cfg).update({"factor": 4.0})
print(round(f(x).item(), 4))
del cfg.factor
print(round(f(x).item(), 4))
Cfg.factor = -1.0
print(round(f(x).item(), 4))
