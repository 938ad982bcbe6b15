"""recomp: forward loops over named_buffers(); a buffer is registered between calls -- _repros_part1.py test_named_buffers."""
import torch


class Pool(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("a", torch.ones(3))
        self.register_buffer("b", torch.ones(3))

    def forward(self, inp):
        res = 0
        for _, buf in self.named_buffers():
            res += buf.sum()
        return inp.cos() + res


m = Pool()
cm = torch.compile(m)
x = torch.zeros(3)
print(cm(x))
print(cm(x))
m.register_buffer("c", torch.full((3,), 2.0))
print(cm(x))
m.a.mul_(3)
print(cm(x))
