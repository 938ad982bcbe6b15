"""real: a positional-encoding table built lazily by a property on first access (stored in self._pe, a plain attribute) and rebuilt when max_len grows between compiled calls -- lazy sinusoidal positional encoding."""
import math
import torch
import torch.nn as nn

torch.manual_seed(0)


class PosEnc(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.d = d
        self.max_len = 4
        self._pe = None
        self.builds = 0

    @property
    def pe(self):
        if self._pe is None or self._pe.shape[0] < self.max_len:
            self.builds += 1
            pos = torch.arange(self.max_len, dtype=torch.float32)[:, None]
            div = torch.exp(torch.arange(0, self.d, 2, dtype=torch.float32) * (-math.log(100.0) / self.d))
            pe = torch.zeros(self.max_len, self.d)
            pe[:, 0::2] = torch.sin(pos * div)
            pe[:, 1::2] = torch.cos(pos * div)
            self._pe = pe
        return self._pe

    def forward(self, x):
        return x + self.pe[: x.shape[1]]


m = PosEnc(4)
cm = torch.compile(m)
x = torch.zeros(1, 3, 4)
print(round(cm(x).sum().item(), 4), m.builds)
print(round(cm(x).sum().item(), 4), m.builds)
m.max_len = 8
x6 = torch.zeros(1, 6, 4)
print(round(cm(x6).sum().item(), 4), m.builds)
