# Functions a call looks up while it runs, replaced between calls: an
# implementation registered on a functools.singledispatch function (the
# same argument type now dispatches elsewhere), and torch.nn.functional.gelu
# swapped for a sigmoid approximation under an nn.GELU module, then
# restored. Each replacement is a recompile (the registry's length,
# `torch.nn.functional.gelu is ...`), and --verify finds no stale entry.
# expect-entries: 5
# expect-hits: 2
# expect-reason: 1/0: ___check_obj_id(torch.nn.functional.gelu, <id>), type=<class 'builtin_function_or_method'>  # expected torch._C._nn.gelu, found __main__.fast_gelu
# expect-reason: 0/0: len(G['act'].__closure__[0].cell_contents.__closure__[2].cell_contents) == 2
# expect-unsound: 0
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


@functools.singledispatch
def act(cfg, x):
    return x.relu()


class A:
    pass


class B:
    pass


@act.register
def _(cfg: B, x):
    return x.sigmoid()


@torch.compile
def head(cfg, x):
    return act(cfg, x) + 1


x = torch.randn(3)
a = A()
print(round(head(a, x).sum().item(), 4))
print(round(head(B(), x).sum().item(), 4))


@act.register
def _(cfg: A, x):
    return x.tanh()


print(round(head(a, x).sum().item(), 4), round((x.tanh() + 1).sum().item(), 4))

original = F.gelu


def fast_gelu(t, approximate="none"):
    return t * torch.sigmoid(1.702 * t)


mlp = nn.Sequential(nn.Linear(4, 4), nn.GELU())
compiled = torch.compile(mlp)
y = torch.randn(2, 4)
for step in range(4):
    if step == 2:
        F.gelu = fast_gelu
    if step == 3:
        F.gelu = original
    print(step, round(compiled(y).sum().item(), 4), round(mlp(y).sum().item(), 4))
