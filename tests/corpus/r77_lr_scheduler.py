# A learning-rate scheduler changes param_groups[0]['lr'] between compiled
# steps. SGD.step is a frame of its own (the train step breaks at the
# graph_break() of its _use_grad wrapper); the learning rate is a constant of
# its graph (alpha=-lr), so its entry guards it; the first change recompiles
# and, the value being a float, the new entry is dynamic in it (alpha=-s0),
# as torch 2.13 makes a float dynamic after one recompile (measured by the
# oracle, real_train_step_steplr_float: 3 graphs, 1 recompile over 6 steps
# and three learning rates). Every later step is a hit replayed under
# --verify: 3 entries (the train step's and two of SGD.step), 9 hits.
# expect-entries: 3
# expect-hits: 9
# expect-dynamic: automatic dynamic float self.param_groups[0]['lr'] val 0.05 != 0.1
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)


@torch.compile
def step(x, y):
    opt.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    return loss


for _ in range(6):
    step(torch.randn(8, 4), torch.randn(8, 3))
    sched.step()
