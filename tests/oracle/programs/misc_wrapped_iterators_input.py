"""misc: iterators Dynamo wraps as its own values (a range iterator, a tuple iterator, dict.keys()) passed in iterate with no break -- test_misc.py range_iterator / tuple_iterator inputs."""
import torch


@torch.compile
def f(x, r, t, keys):
    for i in r:
        x = x + i
    for v in t:
        x = x * v
    return x + len(list(keys))


f(torch.ones(3), iter(range(3)), iter((2, 3)), {"a": 1, "b": 2}.keys())
