"""misc: torch.sort with out= writing into a module's buffers, which are returned -- _repros_part1.py test_sort_out2."""
import torch

torch.manual_seed(0)


class Sorter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("vals", torch.ones(4, 4))
        self.register_buffer("idx", torch.ones(4, 4, dtype=torch.long))

    def forward(self, x):
        torch.sort(x, out=(self.vals, self.idx))
        return x + 1, self.vals, self.idx


m = Sorter()
cm = torch.compile(m)
for _ in range(3):
    x = torch.randn(4, 4)
    _, v, i = cm(x)
    assert torch.equal(v, torch.sort(x).values)
print(m.idx[0])
