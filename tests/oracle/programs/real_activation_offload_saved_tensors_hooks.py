"""real: activation memory saving around a compiled block: the training loop wraps the forward in torch.autograd.graph.saved_tensors_hooks(pack, unpack) (pack casts saved activations to bfloat16, unpack back to float32, as offloading/compression wrappers do) for some steps and not for others -- torch.autograd.graph.save_on_cpu / activation compression in training loops."""
import torch
import torch.nn as nn
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, 12), nn.Tanh(), nn.Linear(12, 1))
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def pack(t):
    return t.to(torch.bfloat16)


def unpack(t):
    return t.to(torch.float32)


x = torch.randn(4, 6)
y = torch.randn(4, 1)
for step in range(4):
    compress = step % 2 == 1
    if compress:
        with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
            loss = (cmodel(x) - y).pow(2).mean()
    else:
        loss = (cmodel(x) - y).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    g = model[0].weight.grad.abs().sum().item()
    opt.step()
    print(step, compress, round(loss.item(), 4), round(g, 3))
