"""recomp: the global tensor read in the frame is later passed in as the argument being mutated (aliasing guard)."""
import torch

torch.manual_seed(0)
g1 = torch.randn(3)
g2 = torch.randn(3)


@torch.compile(backend="eager")
def step(a):
    a.add_(g1)
    return g2 + 1


z = torch.randn(3)
print(step(z.clone()).shape)
print(step(z.clone()).shape)
print(step(g1).shape)
print(step(z.clone()).shape)
