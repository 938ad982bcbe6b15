"""real: activation steering with a forward hook made by a factory closure (the gain lives in a nonlocal cell, changed through a setter closure returned alongside the hook) registered on a middle layer of a compiled model, gain swept 0 -> 1 -> 2 -- representation-engineering / steering-vector sweeps."""
import torch
import torch.nn as nn
torch.manual_seed(0)


def make_steering(direction):
    gain = 0.0

    def hook(module, inputs, output):
        return output + gain * direction

    def set_gain(g):
        nonlocal gain
        gain = g

    return hook, set_gain


model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 8), nn.Tanh(), nn.Linear(8, 3)).eval()
hook, set_gain = make_steering(torch.ones(8))
model[2].register_forward_hook(hook)
cmodel = torch.compile(model)
x = torch.randn(2, 4)
with torch.no_grad():
    for g in (0.0, 1.0, 2.0, 1.0):
        set_gain(g)
        out = cmodel(x)
        print(g, round(out.sum().item(), 4), torch.allclose(out, model(x)))
