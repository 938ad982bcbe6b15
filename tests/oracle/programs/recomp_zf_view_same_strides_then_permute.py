"""recomp: a reshaped view with identical strides reuses the entry, a permuted input with other strides recompiles."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def fma(a, b, c):
    return a + b * c


a = torch.rand(2, 3, 4)
b = torch.rand(2, 3, 4)
c = torch.rand(2, 3, 4)
b_view = torch.rand(2, 4, 3).view(2, 3, 4)
b_perm = torch.rand(2, 4, 3).permute(0, 2, 1)
print(fma(a, b, c).shape)
print(fma(a, b, c).shape)
print(fma(a, b_view, c).shape)
print(fma(a, b_perm, c).shape)
