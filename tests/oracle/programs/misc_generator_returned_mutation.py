"""misc: the frame returns a generator whose body mutates a dict argument after its first yield -- test_generator.py test_reconstruct_generator_with_dict_mutation."""
import torch

def steps(t, d):
    d[2] = t
    yield t.sin()
    yield t.cos()
    d[3] = t + 1
    yield t.tan()

@torch.compile
def f(t, d):
    g = steps(t, d)
    next(g)
    return t.sin(), steps(t, d)

for _ in range(2):
    d = {1: torch.ones(2)}
    y, g = f(torch.ones(2), d)
    print(len(list(g)), sorted(d))
