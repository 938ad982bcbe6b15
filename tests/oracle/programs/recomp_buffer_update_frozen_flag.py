"""recomp: a running-mean buffer is updated in place unless a Python flag on the module freezes it -- _repros_part1.py test_batch_norm_act (buffers updated in place)."""
import torch


class RunningMean(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.zeros(3))
        self.frozen = False
        self.momentum = 0.5

    def forward(self, x):
        if not self.frozen:
            self.mean.mul_(1 - self.momentum).add_(x.mean(0) * self.momentum)
        return x - self.mean


m = RunningMean()
cm = torch.compile(m)
x = torch.ones(2, 3)
cm(x)
cm(x)
m.frozen = True
cm(x * 4)
print(m.mean)
m.frozen = False
cm(x * 4)
print(m.mean)
