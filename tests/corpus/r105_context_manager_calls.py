# Context managers Dynamo refuses at the call that makes them: a
# contextlib.redirect_stdout around a logged step, torch.random.fork_rng
# around a noise draw. The graph breaks at the call (gb0262, gb0208) and
# the resume function, which starts by entering the manager (gb0142), is
# not compiled: one entry per function, the rest of each call eager.
# --verify finds nothing.
# expect-entries: 2
# expect-unsound: 0
import contextlib
import io

import torch

log = io.StringIO()


def logged_step(model, x):
    h = model(x).relu()
    with contextlib.redirect_stdout(log):
        print("norm", round(h.norm().item(), 3))
        h = h * 2
    return h.sum()


def noisy(x):
    y = x.tanh()
    with torch.random.fork_rng():
        torch.manual_seed(7)
        y = y + 0.01 * torch.randn_like(y)
    return y


torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
step = torch.compile(logged_step)
add_noise = torch.compile(noisy)
for i in range(3):
    x = torch.randn(2, 4)
    print(round(step(model, x).item(), 4), round(add_noise(x).sum().item(), 4))
print(len(log.getvalue().splitlines()))
