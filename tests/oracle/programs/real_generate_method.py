"""real: torch.compile(model).generate() bypasses forward -- HF generate on an OptimizedModule."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class LM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)
        self.out = nn.Linear(4, 10)

    def forward(self, idx):
        return self.out(self.emb(idx))

    def generate(self, idx, n):
        for _ in range(n):
            nxt = self(idx)[:, -1].argmax(-1, keepdim=True)
            idx = torch.cat([idx, nxt], 1)
        return idx

cm = torch.compile(LM().eval())
with torch.no_grad():
    cm.generate(torch.tensor([[1, 2]]), 3)
