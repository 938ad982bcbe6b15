"""recomp: model.to(memory_format=torch.channels_last) converts the conv weights in place between calls, while the input stays contiguous, then the input is converted too -- test_recompiles.py stride changes of parameters."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 3, 3)

    def forward(self, x):
        y = self.conv(x)
        return y.flatten(1).sum(1), self.conv.weight.is_contiguous()


m = Net()
cm = torch.compile(m)
x = torch.randn(2, 2, 5, 5)
s, c = cm(x)
print([round(v, 4) for v in s.tolist()], c)
m.to(memory_format=torch.channels_last)
s, c = cm(x)
print([round(v, 4) for v in s.tolist()], c)
s, c = cm(x.to(memory_format=torch.channels_last))
print([round(v, 4) for v in s.tolist()], c)
