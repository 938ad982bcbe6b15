"""misc: zip(strict=True) over Python float lists; a shorter list raises ValueError out of the frame -- test_functions.py test_zip_strict."""
import torch

@torch.compile
def f(x, ys, zs):
    x = x.clone()
    for y, z in zip(ys, zs, strict=True):
        x += y * z
    return x

x = torch.ones(3)
ys, zs = [1.0, 2.0, 3.0], [2.0, 5.0, 8.0]
f(x, ys, zs)
try:
    f(x, ys[:1], zs)
except ValueError as e:
    print("ValueError")
f(x, ys, zs)
