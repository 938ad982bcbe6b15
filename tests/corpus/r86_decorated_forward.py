# torch.compile(model) whose forward is wrapped by a functools.wraps
# decorator taking (*args, **kwargs), as transformers 5 decorates its
# forwards (can_return_tuple, deprecate_kwarg): Dynamo compiles the wrapper's
# frame (its inputs are args/kwargs). An `assert` on a tensor inside is no
# break: Dynamo traces it as torch._assert_async (measured, torch 2.13: 2
# graphs, the second size a recompile).
# expect-graphs: 2
# expect-breaks: none
# expect-entries: 2
# expect-reason: 0/0: tensor 'args[1]' size mismatch at index 0. expected 2, actual 3
import functools

import torch


def deco(fn):
    @functools.wraps(fn)
    def wrapped_func(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapped_func


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(4, 4)

    @deco
    def forward(self, x):
        assert (x >= 0).all(), "negative input"
        return self.l(x).relu()


m = torch.compile(M())
for n in (2, 3):
    print(m(torch.ones(n, 4)).shape)
