"""real: a feature-extractor wrapper whose compiled forward detaches its input only when the input is a non-leaf of another graph (if not x.is_leaf: x = x.detach()) so that a frozen upstream model's graph is cut, and returns whether it cut; called with a fresh leaf tensor, then with the output of an upstream trainable layer -- stop-gradient between pipeline stages keyed on is_leaf."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Stage(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 2)

    def forward(self, x):
        cut = False
        if not x.is_leaf:
            x = x.detach()
            cut = True
        return self.lin(x), cut


upstream = nn.Linear(4, 4)
stage = Stage()
cstage = torch.compile(stage)
x = torch.randn(3, 4, requires_grad=True)
out, cut = cstage(x)
print("leaf", cut, out.requires_grad)
out, cut = cstage(upstream(x))
out.sum().backward()
print("nonleaf", cut, upstream.weight.grad is None, x.grad is None)
out, cut = cstage(x * 1)
print("nonleaf2", cut)
