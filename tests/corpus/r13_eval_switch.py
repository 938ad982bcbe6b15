# Switching a module to eval mode changes its training flag.
# expect-entries: 2
# expect-reason: 0/0: fn._modules['1'].training == True
import torch

net = torch.compile(torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.Dropout(0.2)))
net(torch.ones(1, 3))
net.eval()
net(torch.ones(1, 3))
