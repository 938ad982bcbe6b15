"""recomp: a global fractions.Fraction converted with float() inside the fn, rebound between calls -- test_misc.py test_user_defined_number (stdlib numeric class)."""
import fractions
import torch

F = fractions.Fraction(1, 2)


@torch.compile(backend="eager")
def f(x):
    return x * float(F)


x = torch.ones(2)
for fr in (fractions.Fraction(1, 2), fractions.Fraction(1, 2), fractions.Fraction(3, 4)):
    F = fr
    print(f(x).tolist())
