"""recomp: a match statement with class patterns (positional via __match_args__, keyword attributes) on an argument object; objects of other classes and field values recompile -- test_patma.py TestPatma class patterns (test_patma_0xx class_pattern)."""
import dataclasses
import torch


@dataclasses.dataclass
class Scale:
    k: float


@dataclasses.dataclass
class Shift:
    by: float
    twice: bool = False


@torch.compile
def f(x, op):
    match op:
        case Scale(k) if k > 1:
            return x * k
        case Scale(k):
            return x / (k + 1)
        case Shift(by=b, twice=True):
            return x + 2 * b
        case Shift(by=b):
            return x + b
    return x


x = torch.ones(2)
print(f(x, Scale(2.0)))
print(f(x, Scale(3.0)))
print(f(x, Scale(0.5)))
print(f(x, Shift(1.0)))
print(f(x, Shift(1.0, True)))
