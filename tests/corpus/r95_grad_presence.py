# A compiled training step that clears and reads the gradients (zero_grad,
# a manual update): on the first step every .grad is None, on the second a
# tensor, and Dynamo guards which one it is, so the second step recompiles
# (the classic "recompile on step 2"); the third step hits. The code after
# the backward break is the same resume function for both entries: no
# graph of its own in the second (4 graphs, as under torch 2.13's Dynamo). A forward-only frame reads no .grad and
# gets no such guard (eval below hits while gradients come and go).
# expect-entries: 3
# expect-graphs: 4
# expect-hits: 5
# expect-reason: 1/0: G['net']._parameters['weight'].grad is None
import torch

torch.manual_seed(0)
net = torch.nn.Linear(4, 1)


@torch.compile
def step(x, y):
    net.zero_grad()
    loss = torch.nn.functional.mse_loss(net(x), y)
    loss.backward()
    with torch.no_grad():
        for p in net.parameters():
            p.add_(-0.1 * p.grad)
    return loss.detach()


@torch.compile
def predict(x):
    return net(x)


x, y = torch.randn(8, 4), torch.randn(8, 1)
for i in range(3):
    predict(x)
    step(x, y)
predict(x)
print(round(float(step(x, y)), 4) >= 0)
