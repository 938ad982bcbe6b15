"""real: a LoRA Linear with a merged flag: merge() adds B@A into weight.data in place and forward skips the adapter, unmerge() subtracts it again -- peft LoraLayer merge/unmerge."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class LoraLinear(nn.Module):
    def __init__(self):
        super().__init__()
        self.base = nn.Linear(4, 3)
        self.A = nn.Parameter(torch.randn(2, 4) * 0.5)
        self.B = nn.Parameter(torch.randn(3, 2) * 0.5)
        self.merged = False

    def merge(self):
        self.base.weight.data += self.B @ self.A
        self.merged = True

    def unmerge(self):
        self.base.weight.data -= self.B @ self.A
        self.merged = False

    def forward(self, x):
        y = self.base(x)
        if not self.merged:
            y = y + x @ self.A.t() @ self.B.t()
        return y


m = LoraLinear()
cm = torch.compile(m)
x = torch.randn(2, 4)
with torch.no_grad():
    print(round(cm(x).sum().item(), 4))
    m.merge()
    print(round(cm(x).sum().item(), 4))
    m.B.zero_()
    print(round(cm(x).sum().item(), 4))
    m.unmerge()
    print(round(cm(x).sum().item(), 4))
