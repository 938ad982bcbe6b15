"""recomp: the same keyword arguments passed in a different order (same values) reuse the entry; a new value recompiles."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def affine(x, *, alpha, beta):
    return x * alpha + beta


x = torch.ones(3)
print(affine(x, alpha=2, beta=1).tolist())
print(affine(x, beta=1, alpha=2).tolist())
print(affine(x, beta=True, alpha=2).tolist())
