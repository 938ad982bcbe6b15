# A compiled train step whose optimizer keeps state: SGD with momentum fills
# opt.state on its first step (a momentum buffer per parameter), so the second
# step reads tensors the first did not have. SGD.step is a frame of its own
# (the train step breaks at the graph_break() of its _use_grad wrapper); its
# entry guards the state as _init_group left it (an empty dict per
# parameter), the second step recompiles it (as Dynamo: 4/1 on
# `len(self.state[...]) != 0`), the momentum buffers are graph inputs, never
# constants, and later steps are hits replayed under --verify with their own
# buffers: 3 entries (the train step's, two of SGD.step), 7 hits.
# expect-entries: 3
# expect-hits: 7
# expect-reason: 1/0: len(self.state[list(dict.keys(self.state))[0]]) != 0
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
