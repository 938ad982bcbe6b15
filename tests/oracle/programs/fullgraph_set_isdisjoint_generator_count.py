"""fullgraph: set.isdisjoint() consumes a generator that bumps a nonlocal counter; the counter picks the branch -- test_sets.py MiscTests test_isdisjoint_with_generator."""
import torch


def make():
    seen = 0

    def produce(limit):
        nonlocal seen
        for v in range(limit):
            seen += 1
            yield v

    @torch.compile(fullgraph=True)
    def fn(x, limit):
        nonlocal seen
        seen = 0
        hit = {3, 7, 9}.isdisjoint(produce(limit))
        if seen >= 4:
            return x.sin() + float(hit)
        return x.cos() - float(hit)

    return fn


fn = make()
x = torch.arange(4.0)
print(fn(x, 3))
print(fn(x, 3))
print(fn(x, 6))
print(fn(x, 10))
