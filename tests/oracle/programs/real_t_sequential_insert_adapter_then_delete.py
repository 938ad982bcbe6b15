"""real: adapter insertion into an nn.Sequential backbone between calls of a compiled model (Sequential.insert at position 2, trained a step, then the adapter deleted with del seq[2]) -- Houlsby-adapter / model-editing experiments on a compiled Sequential."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Adapter(nn.Module):
    def __init__(self, d, r=2):
        super().__init__()
        self.down = nn.Linear(d, r)
        self.up = nn.Linear(r, d)
        nn.init.zeros_(self.up.weight)
        nn.init.constant_(self.up.bias, 0.5)

    def forward(self, x):
        return x + self.up(torch.relu(self.down(x)))


seq = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 2))
cseq = torch.compile(seq)
x = torch.randn(3, 4)
a = cseq(x)
seq.insert(2, Adapter(6))
b = cseq(x)
print(len(seq), round((b - a).abs().sum().item(), 4))
loss = b.pow(2).mean()
loss.backward()
del seq[2]
c = cseq(x)
print(len(seq), torch.allclose(a, c))
