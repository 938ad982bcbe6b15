"""recomp: a forward hook on a submodule (registered before compiling) multiplies the output by a global SCALE; the global changes between calls of the compiled parent -- test_hooks.py module forward hooks inlined into the compiled graph."""
import torch

SCALE = 2.0
torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.ReLU(), torch.nn.Linear(3, 1))


def hook(mod, inp, out):
    return out * SCALE


net[0].register_forward_hook(hook)
cnet = torch.compile(net)
x = torch.ones(2, 3)
print(round(cnet(x).sum().item(), 4))
print(round(cnet(x).sum().item(), 4))
SCALE = -1.0
print(round(cnet(x).sum().item(), 4))
