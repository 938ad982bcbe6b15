# Iterators made outside the compiled code (measured against torch 2.13's
# Dynamo: test_error_messages.py's zip / dict_items inputs). A dict_items
# argument: iter() of it breaks ("missing tp_iter"), next() of what that
# returned breaks again ("Missing tp_iternext"), the rest resumes (1 graph).
# A generator argument (model.parameters()) iterated by the frame's for
# loop: Dynamo gives up on that frame, 0 graphs, and runs it eagerly from
# then on, even when a list of the same parameters (which would iterate
# with no break) comes later. Results stay equal to eager under --verify.
# expect-graphs: 1
# expect-breaks: missing-tp-iter@22 missing-tp-iternext@23 missing-tp-iter@30
# expect-entries: 2
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
model(torch.randn(3, 4)).sum().backward()


@torch.compile
def first_value(x, items):
    it = iter(items)
    key, val = next(it)
    return x.sin() * val


@torch.compile
def grad_norm(parameters, scale):
    total = scale * 0
    for p in parameters:
        total = total + p.grad.pow(2).sum()
    return total.sqrt()


d = {"a": 3.0, "b": 4.0}
print(first_value(torch.ones(3), d.items()))
print(first_value(torch.ones(3), d.items()))
eager = grad_norm(model.parameters(), torch.ones(()))
again = grad_norm(model.parameters(), torch.ones(()))
listed = grad_norm(list(model.parameters()), torch.ones(()))
print(torch.allclose(eager, listed), torch.allclose(again, listed))
