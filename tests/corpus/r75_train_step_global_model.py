# A compiled train step over a model and optimizer held in globals: the model's
# parameters are graph inputs (G['net'].0.weight), as Dynamo lifts them -- never
# constants baked at the first step -- and the gradients the backward pass
# leaves are values made between graphs that the optimizer's graph reads. Run
# under --verify: each later step (new weights, same guards) is replayed.
# opt.zero_grad() is torch._disable_dynamo's: a break at its call (gb0008),
# as in Dynamo, before the one at backward(); opt.step() breaks at the
# graph_break() of its _use_grad wrapper (optimizer.py:79) and SGD.step is a
# frame of its own: 2 entries (the train step's and the step's), each hit
# by the 3 later steps.
# expect-breaks: skipped-torch@23 autograd@25 optimizer-step@79
# expect-entries: 2
# expect-hits: 6
import torch

torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.05)


@torch.compile
def step(x, y):
    opt.zero_grad()
    loss = torch.nn.functional.mse_loss(net(x), y)
    loss.backward()
    opt.step()
    return loss


for _ in range(4):
    step(torch.randn(16, 4), torch.randn(16, 1))
