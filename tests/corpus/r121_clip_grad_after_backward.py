# A compiled training step: an eager zero_grad (torch._disable_dynamo), the
# forward, backward, then clip_grad_norm_ reading every .grad. The gradients
# clip_grad_norm_ reads are the ones the backward just left, checked by the
# resume function after the backward break, so the first call (no
# gradients at its start) and the later ones (gradients from the step
# before) share one entry: Dynamo (torch 2.13) compiles 2 graphs and never
# recompiles. (A .grad read before any backward is guarded: r95.)
# expect-entries: 1
# expect-graphs: 2
# expect-hits: 2
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(4, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def train_step(x):
    opt.zero_grad()
    loss = model(x).sum()
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    return loss, norm


for i in range(3):
    train_step(torch.randn(2, 4))
