# An optional argument that was None and now is a tensor. (The first call
# computes something: a first call that traces no op at all, `return x`,
# makes Dynamo skip the function for good -- see c63.)
# expect-entries: 2
# expect-reason: 0/0: bias is None
import torch

@torch.compile
def f(x, bias=None):
    y = x.relu()
    return y if bias is None else y + bias

f(torch.ones(2))
f(torch.ones(2), torch.ones(2))
