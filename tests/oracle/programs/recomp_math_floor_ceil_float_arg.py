"""recomp: a float argument goes through math.floor, math.ceil, math.fmod and math.isclose in the frame to size and scale the result; floats that round the same still recompile -- test_math.py MathTests testFloor / testCeil / testFmod / test_isclose."""
import math
import torch


@torch.compile
def f(x, r):
    n = math.floor(r)
    m = math.ceil(r)
    y = x.repeat(m)[: n + 1]
    if math.isclose(r, round(r), abs_tol=1e-3):
        y = y * 10
    return y * math.fmod(r, 1.0)


x = torch.ones(1)
print(f(x, 1.5))
print(f(x, 1.5))
print(f(x, 1.75))
print(f(x, 2.0))
