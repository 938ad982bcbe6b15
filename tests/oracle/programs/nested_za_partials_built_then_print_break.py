"""nested: two functools.partial objects built in the frame (one over a lambda defined in the frame, one holding the input as a keyword) live across a print graph break and are called after it -- test_functions.py test_partials_graph_break_reconstruct_mix_no_source."""
import functools

import torch


def udf_mul(x, y):
    return x * y


@torch.compile(backend="eager")
def fn(mul, x):
    add = lambda a, b: a + b
    p_mul = functools.partial(mul, y=x)
    p_add = functools.partial(add, x)
    print("break")
    return torch.mul(p_mul(x), p_add(x))


x = torch.arange(4.0).reshape(2, 2)
print(fn(udf_mul, x).tolist())
print(fn(udf_mul, x + 1).tolist())
print(fn(udf_mul, torch.ones(3)).tolist())
