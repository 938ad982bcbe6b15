# A buffer mutated by one watched method and read by another: each graph gets
# the buffer's value as of its own call (weights are keyed by tensor version).
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: none
import torch

class Counter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("count", torch.zeros(2))

    def step(self):
        self.count.add_(1)

    def read(self, x):
        return x * self.count

c = Counter()
step = torch.compile(c.step)
read = torch.compile(c.read)
step()
read(torch.ones(2))
