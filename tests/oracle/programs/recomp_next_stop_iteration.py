"""recomp: a zip_longest helper driven by next() and a caught StopIteration over Python lists of new lengths -- test_exceptions.py test_stop_iteration."""
import torch

def zip_longest(*iterables, fillvalue=None):
    iterators = [iter(it) for it in iterables]
    result = []
    while True:
        for it in iterators:
            try:
                value = next(it)
            except StopIteration:
                result.append(fillvalue)
                return result
            result.append(value)

@torch.compile
def f(t, a, b):
    return t + len(zip_longest(a, b))

t = torch.ones(2)
f(t, [1, 2, 3, 4], [10, 11, 12])
f(t, [5, 6, 7, 8], [13, 14, 15])
f(t, [1, 2], [10, 11, 12])
