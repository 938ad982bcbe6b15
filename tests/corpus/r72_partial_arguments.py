# A functools.partial passed in is guarded as Dynamo guards it: its function by
# identity and its bound values (`g.keywords['k'] == 2`), not the partial object
# itself, so a new partial over the same value is a hit and one over another
# value a miss; a tensor bound in a partial is a graph input, never a baked
# constant (run under --verify: a hit with another tensor must replay right).
# expect-entries: 3
# expect-reason: 0/0: g.keywords['k'] == 2
# expect-hits: 3
import functools
import torch


def scale(x, k, bias=None):
    return x * k if bias is None else x * k + bias


@torch.compile
def f(x, g):
    return g(x) + 1


x = torch.ones(3)
f(x, functools.partial(scale, k=2))
f(x, functools.partial(scale, k=2))
f(x, functools.partial(scale, k=3))
f(x, functools.partial(scale, k=3))
f(x, functools.partial(scale, k=3, bias=torch.full((3,), 5.0)))
f(x, functools.partial(scale, k=3, bias=torch.full((3,), 7.0)))
