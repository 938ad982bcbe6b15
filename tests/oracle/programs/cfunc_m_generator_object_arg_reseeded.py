"""cfunc: torch.rand with an explicit torch.Generator argument, the generator re-seeded between calls -- test_misc.py test_generator_arg / test_unspec.py test_random_generator."""
import torch


@torch.compile(backend="eager")
def f(x, g):
    return x + torch.rand(3, generator=g)


g = torch.Generator().manual_seed(0)
x = torch.zeros(3)
print([round(v, 4) for v in f(x, g).tolist()])
print([round(v, 4) for v in f(x, g).tolist()])
g.manual_seed(0)
print([round(v, 4) for v in f(x, g).tolist()])
