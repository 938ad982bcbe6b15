# A bool attribute of a submodule (use_bias) is toggled between calls.
# expect-entries: 2
# expect-reason: 0/0: self._modules['proj'].use_bias == True
import torch

class Proj(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(3, 3))
        self.bias = torch.nn.Parameter(torch.zeros(3))
        self.use_bias = True

    def forward(self, x):
        y = x @ self.weight
        return y + self.bias if self.use_bias else y

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = Proj()

    def forward(self, x):
        return self.proj(x).relu()

net = torch.compile(Net())
net(torch.ones(2, 3))
net.proj.use_bias = False
net(torch.ones(2, 3))
