"""real: rotary embedding whose cos table is built lazily by a property from the inv_freq buffer and cached in self._cos; rope scaling edits inv_freq in place and clears the cache between compiled calls -- HF rotary embedding with dynamic rope scaling."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Rotary(nn.Module):
    def __init__(self, d, n):
        super().__init__()
        self.n = n
        self.register_buffer("inv_freq", 1.0 / (10.0 ** (torch.arange(0, d, 2).float() / d)), persistent=False)
        self._cos = None

    @property
    def cos(self):
        if self._cos is None:
            t = torch.arange(self.n, dtype=torch.float32)
            self._cos = torch.outer(t, self.inv_freq).cos()
        return self._cos

    def forward(self, x):
        return x * self.cos.repeat(1, 2)


m = Rotary(4, 3)
cm = torch.compile(m)
x = torch.ones(3, 4)
print(round(cm(x).sum().item(), 4))
print(round(cm(x).sum().item(), 4))
with torch.no_grad():
    m.inv_freq.mul_(0.25)
m._cos = None
print(round(cm(x).sum().item(), 4))
