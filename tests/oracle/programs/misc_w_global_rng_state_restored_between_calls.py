"""misc: the compiled function draws torch.rand inside the graph; between calls the global RNG state is saved and restored with torch.get_rng_state/set_rng_state and reseeded, so eager repeats the same draws -- test_misc.py RNG state in compiled functions."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x):
    return x + torch.rand(3)


x = torch.zeros(3)
state = torch.get_rng_state()
a = f(x)
b = f(x)
torch.set_rng_state(state)
c = f(x)
torch.manual_seed(0)
d = f(x)
print([round(v, 4) for v in a.tolist()])
print([round(v, 4) for v in b.tolist()])
print(torch.equal(a, c), torch.equal(a, d), torch.equal(a, b))
