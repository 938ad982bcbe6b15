"""misc: a user data descriptor (__get__/__set__/__set_name__) clamps values stored on the instance."""
import torch

torch.manual_seed(0)


class Clamped:
    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def __set_name__(self, owner, name):
        self.slot = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.slot)

    def __set__(self, obj, value):
        setattr(obj, self.slot, min(max(value, self.lo), self.hi))


class Cfg:
    temp = Clamped(0.1, 2.0)

    def __init__(self, t):
        self.temp = t


@torch.compile(backend="eager")
def f(x, t):
    c = Cfg(t)
    c.temp = c.temp * 3
    return x / c.temp


print(f(torch.ones(2), 0.5))
print(f(torch.ones(2), 5.0))
