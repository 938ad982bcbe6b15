# torch.compile(fn) returns a new function, and only calls of it compile fn:
# fn called directly, or through the wrapper's __wrapped__, runs eagerly
# under Dynamo (its callback is set by the wrapper alone), so the two later
# calls make no entries and no recompiles (torch 2.13: 1 graph). dynx counts
# them in frames.json "bypassed" and dynx-explain lists fn under "Not
# compiled" as called as the original function.
# expect-graphs: 1
# expect-entries: 1
# expect-hits: 0
# expect-breaks: none
import torch


def fn(x):
    return x * 2


g = torch.compile(fn, backend="eager")
print(g(torch.ones(3)))
print(fn(torch.ones(4)))
print(g.__wrapped__(torch.ones(5)))
