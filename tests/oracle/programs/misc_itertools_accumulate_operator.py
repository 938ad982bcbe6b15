"""misc: itertools.accumulate/starmap/islice with operator functions over tensors and ints -- test_functions.py test_reduce / test_islice_chain / itertools.accumulate."""
import itertools
import operator
import torch

@torch.compile
def f(xs, ks):
    prods = list(itertools.accumulate(xs, operator.mul))
    sums = list(itertools.starmap(operator.add, zip(prods, ks)))
    first = list(itertools.islice(sums, 2))
    return operator.truediv(sum(first), operator.itemgetter(-1)(sums))

xs = [torch.full((2,), 2.0), torch.full((2,), 3.0), torch.full((2,), 4.0)]
f(xs, [1, 2, 3])
f(xs, [1, 2, 3])
f(xs, [4, 5, 6])
