# A batch size that keeps changing: the second size makes the batch
# dimension dynamic; every later size hits that entry.
# expect-entries: 2
# expect-hits: 2
# expect-reason: 0/0: tensor 'args[0]' size mismatch at index 0. expected 4, actual 8
# expect-dynamic: automatic dynamic size L['input'] size(0) 8 != 4
import torch

net = torch.compile(torch.nn.Sequential(torch.nn.Linear(6, 5), torch.nn.ReLU(), torch.nn.Linear(5, 2)))
for batch in (4, 8, 16, 3):
    net(torch.randn(batch, 6))
