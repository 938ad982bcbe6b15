"""recomp: a namedtuple arg whose int field takes three values (automatic dynamic on a tuple item?)."""
import collections
import torch

P = collections.namedtuple("P", ["k", "name"])


@torch.compile(backend="eager")
def f(x, p):
    return x * p.k + len(p.name)


x = torch.ones(2)
print(f(x, P(1, "a")))
print(f(x, P(2, "a")))
print(f(x, P(3, "a")))
print(f(x, P(3, "bb")))
