# Only the second child of an nn.Sequential switched to eval().
# expect-entries: 2
# expect-reason: 0/0: fn._modules['1'].training == True
import torch
net = torch.compile(torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.Dropout(0.2)))
net(torch.ones(1, 3))
net._orig_mod[1].eval()  # torch.compile returns an OptimizedModule: no indexing
net(torch.ones(1, 3))
