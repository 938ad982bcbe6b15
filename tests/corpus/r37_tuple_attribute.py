# A module attribute holding a tuple gets longer.
# expect-entries: 2
# expect-reason: 0/0: self.dims == (0,)
import torch
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.dims = (0,)
    def forward(self, x):
        return x.sum(self.dims)
net = torch.compile(Net())
net(torch.ones(2, 3)).shape
net.dims = (0, 1)
net(torch.ones(2, 3)).shape
