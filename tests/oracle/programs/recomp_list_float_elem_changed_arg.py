"""recomp: a list of Python floats passed in; the user overwrites one element in place between calls -- test_list.py list input mutation / test_unspec.py float inputs."""
import torch


@torch.compile
def fn(x, coeffs):
    return x * coeffs[0] + coeffs[1]


x = torch.ones(3)
coeffs = [0.5, 2.0]
print(fn(x, coeffs).sum().item())
coeffs[0] = 1.5
print(fn(x, coeffs).sum().item())
coeffs[1] = 4.0
print(fn(x, coeffs).sum().item())
coeffs[0] = 2.5
print(fn(x, coeffs).sum().item())
