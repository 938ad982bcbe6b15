"""recomp: a global complex number whose real and imaginary parts scale the input; rebound between calls -- test_unspec.py / test_misc.py test_complex_constant."""
import torch

C = 1 + 2j


@torch.compile(backend="eager")
def f(x):
    return x * C.real + C.imag


x = torch.ones(2)
for c in (1 + 2j, 1 + 2j, 1 + 5j, 3 + 2j):
    C = c
    print(f(x).tolist())
