"""recomp: forward runs a slice of a ModuleList whose length is a module attribute changed by the training loop (progressive growing) -- _repros_part1.py test_issue114171 (module lists)."""
import torch

torch.manual_seed(0)


class Growing(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = torch.nn.ModuleList([torch.nn.Linear(4, 4) for _ in range(4)])
        self.active = 1

    def forward(self, x):
        for blk in self.blocks[: self.active]:
            x = torch.tanh(blk(x))
        return x


m = Growing()
cm = torch.compile(m)
x = torch.randn(2, 4)
for step in range(6):
    if step in (2, 4):
        m.active += 1
    print(step, cm(x).sum().item())
