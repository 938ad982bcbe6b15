"""misc: list(enumerate(it)) of a list iterator and then a zip object passed in: Dynamo's enumerate polyfill cannot iterate an iterator from outside and gives up on the frame, which runs eagerly for every call -- test_functions.py enumerate / test_iterators."""
import torch


@torch.compile(backend="eager")
def f(x, it):
    pairs = list(enumerate(it))
    return x * len(pairs)


x = torch.ones(2)
print(f(x, iter([1, 2, 3])).tolist())
print(f(x, zip([1, 2], [3, 4])).tolist())
print(f(x, iter([5])).tolist())
