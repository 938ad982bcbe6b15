# A plain Python attribute of a module steers the result: changing it
# must not reuse the old entry.
# expect-entries: 2
# expect-reason: 0/0: self.scale == 2.0
import torch

class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 2.0

    def forward(self, x):
        return x * self.scale

model = torch.compile(Scaled())
model(torch.ones(2))
model.scale = 3.0
model(torch.ones(2))
