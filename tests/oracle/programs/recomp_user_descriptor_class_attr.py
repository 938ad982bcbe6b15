"""recomp: a class attribute is a user data descriptor (__get__/__set__) storing its value in the instance __dict__ under another name; the user sets it through the descriptor between calls -- test_descr.py ClassPropertiesAndMethods test_descrdoc / data descriptors."""
import torch


class Clamped:
    def __set_name__(self, owner, name):
        self.key = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.__dict__.get(self.key, 1.0)

    def __set__(self, obj, value):
        obj.__dict__[self.key] = min(max(value, 0.0), 4.0)


class Cfg:
    gain = Clamped()


@torch.compile
def f(x, cfg):
    return x * cfg.gain


c = Cfg()
x = torch.ones(2)
print(f(x, c))
c.gain = 2.0
print(f(x, c))
c.gain = 9.0
print(f(x, c))
print(f(x, c))
