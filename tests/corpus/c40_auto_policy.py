# Without torch.compile, the outermost nn.Module.forward is watched.
# expect-graphs: 1
# expect-ops: 3
# expect-breaks: none
import torch

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = torch.nn.Parameter(torch.ones(2))

    def forward(self, x):
        return (x * self.scale).relu().sum()

Net()(torch.randn(2))
