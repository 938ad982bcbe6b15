"""nested: a forward hook that prints, registered before the first call -- test_hooks.py hook with graph break."""
import torch
torch.manual_seed(0)

def hook(mod, args, out):
    print("out", tuple(out.shape))
    return out + 1

m = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.Tanh())
m[0].register_forward_hook(hook)
c = torch.compile(m)
c(torch.ones(2, 3))
c(torch.ones(2, 3))
