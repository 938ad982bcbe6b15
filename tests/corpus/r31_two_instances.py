# Two compiled instances of one class share forward's cache: an instance
# with another activation is a new entry, a third like the first is a hit.
# expect-entries: 2
# expect-reason: 0/0: self.act == 'relu'
import torch

class Block(torch.nn.Module):
    def __init__(self, act):
        super().__init__()
        self.act = act

    def forward(self, x):
        return x.relu() if self.act == "relu" else x.sigmoid()

a = torch.compile(Block("relu"))
b = torch.compile(Block("sigmoid"))
c = torch.compile(Block("relu"))
a(torch.randn(4))
b(torch.randn(4))
c(torch.randn(4))
