# Input gradients (a saliency map) with torch.autograd.grad, then a branch
# on whether the model's weight has a gradient yet; an eager backward
# between calls gives it one. torch.autograd.grad breaks the graph and
# leaves .grad alone, so the .grad read is the resume function's: under
# Dynamo (torch 2.13) the frame's first entry serves every call and only
# the resume function recompiles, on
# G['model']._parameters['weight'].grad is None. dynx records the second
# entry with the frame's graph before the break unchanged (run again from
# the cache, not compiled again).
# expect-entries: 2
# expect-graphs: 3
# expect-hits: 1
# expect-reason: 0/0: G['model']._parameters['weight'].grad is None
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(4, 4)


@torch.compile
def saliency(x):
    g, = torch.autograd.grad(model(x).sum(), x)
    if model.weight.grad is None:
        return g.abs()
    return g.abs() * model.weight.grad.norm()


x = torch.randn(3, 4, requires_grad=True)
print(saliency(x).sum().item())
model(x).sum().backward()
print(saliency(x).sum().item())
print(saliency(x).sum().item())
