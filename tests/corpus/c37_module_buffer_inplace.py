# A module that updates a buffer in place (running statistics).
# expect-graphs: 1
# expect-ops: 5
# expect-breaks: none
import torch

class Running(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.zeros(3))

    def forward(self, x):
        self.mean.mul_(0.9).add_(x.mean(0) * 0.1)
        return x - self.mean

model = torch.compile(Running())
model(torch.randn(4, 3))
