"""nested: classmethod builds from cls attr and calls a staticmethod that prints (graph break) in the middle."""
import torch

torch.manual_seed(0)


class Ops:
    factor = 3

    @staticmethod
    def norm(t):
        print("norm")
        return t / (t.abs().max() + 1)

    @classmethod
    def apply(cls, t):
        y = t * cls.factor
        y = cls.norm(y)
        return y + cls.factor


@torch.compile(backend="eager")
def f(x):
    return Ops.apply(x).sum()


print(f(torch.arange(4.0)).item())
print(f(torch.arange(4.0)).item())
