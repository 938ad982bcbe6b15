"""recomp: a cache dict argument keyed by x.shape is filled inside the compiled function the first time a shape is seen; the second call finds the key present, a third call brings a new shape -- test_functions.py test_torch_size_as_dict_key."""
import torch


@torch.compile(backend="eager", fullgraph=True)
def fn(x, cached):
    if x.shape not in cached:
        cached[x.shape] = x * 10
    return x + cached[x.shape]


cache = {}
print(fn(torch.ones(2, 3), cache).sum().item())
print(fn(torch.full((2, 3), 2.0), cache).sum().item())
print(fn(torch.ones(3, 3), cache).sum().item())
print(sorted(tuple(k) for k in cache))
