# --dynamic=off: every new batch size is a new entry.
# dynx-args: --dynamic=off
# expect-entries: 4
# expect-hits: 0
# expect-reason: 0/2: tensor 'args[0]' size mismatch at index 0. expected 16, actual 3
# expect-dynamic: none
import torch

net = torch.compile(torch.nn.Sequential(torch.nn.Linear(6, 5), torch.nn.ReLU(), torch.nn.Linear(5, 2)))
for batch in (4, 8, 16, 3):
    net(torch.randn(batch, 6))
