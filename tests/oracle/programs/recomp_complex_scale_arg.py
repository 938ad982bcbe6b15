"""recomp: a Python complex argument multiplies a complex tensor and its .real/.imag/abs() scale a real one; a new complex value recompiles -- test_complex.py ComplexTest test_constructor / abs / attributes."""
import torch


@torch.compile
def f(z, x, c):
    return z * c, x * c.real + abs(c) - c.imag


z = torch.tensor([1 + 1j, 2 - 1j])
x = torch.ones(2)
print(f(z, x, 1 + 2j))
print(f(z, x, 1 + 2j))
print(f(z, x, 3 - 4j))
