"""recomp: the forward hooks of an inner Linear are manipulated through the module's _forward_hooks dict directly -- cleared, then a hook inserted under a made-up id, then that hook's closure tensor edited -- test_hooks.py hooks dict mutated without handles."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 2), nn.Tanh())
inner = model[0]
inner.register_forward_hook(lambda m, a, o: o * 10)
cm = torch.compile(model)
x = torch.ones(1, 2)
print([round(v, 4) for v in cm(x).flatten().tolist()])
inner._forward_hooks.clear()
print([round(v, 4) for v in cm(x).flatten().tolist()])
shift = torch.tensor([1.0, -1.0])
inner._forward_hooks[12345] = lambda m, a, o: o + shift
print([round(v, 4) for v in cm(x).flatten().tolist()])
shift.mul_(-2)
print([round(v, 4) for v in cm(x).flatten().tolist()])
