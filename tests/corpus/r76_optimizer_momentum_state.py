# A compiled train step whose optimizer keeps state: SGD with momentum fills
# opt.state on its first step (a momentum buffer per parameter), so the second
# step reads tensors the first did not have. The entry guards the state
# (`not G['opt'].state`), the second step recompiles (as Dynamo: 4/1 on
# `len(self.state[...]) != 0`), the momentum buffers are graph inputs
# (list(G['opt'].state.values())[0]['momentum_buffer']), never constants, and
# later steps are hits replayed under --verify with their own buffers.
# expect-entries: 2
# expect-hits: 3
# expect-reason: 0/0: not G['opt'].state
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)


@torch.compile
def step(x, y):
    opt.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    return loss


for _ in range(5):
    step(torch.randn(8, 4), torch.randn(8, 3))
