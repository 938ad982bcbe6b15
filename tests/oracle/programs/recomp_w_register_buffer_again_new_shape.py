"""recomp: a module's buffer is registered again with register_buffer under the same name -- a new tensor, then a longer one, then a double one, then None -- between calls of the compiled module -- test_modules.py buffers replaced."""
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("offset", torch.ones(3))

    def forward(self, x):
        if self.offset is None:
            return x.sum()
        return (x[: self.offset.shape[0]] + self.offset).sum()


m = M()
cm = torch.compile(m)
x = torch.arange(4.0)
print(cm(x).item())
m.register_buffer("offset", torch.full((3,), 2.0))
print(cm(x).item())
m.register_buffer("offset", torch.full((4,), 3.0))
print(cm(x).item())
m.register_buffer("offset", torch.full((4,), 0.5, dtype=torch.float64))
print(cm(x).item())
m.register_buffer("offset", None)
print(cm(x).item())
