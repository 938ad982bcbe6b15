"""real: nanoGPT-style train step (compiled model, AdamW, varying batch) -- nanoGPT train.py shape."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class TinyGPT(nn.Module):
    def __init__(self, vocab=32, d=16, block=8):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(block, d)
        self.ln = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab, bias=False)
        self.head.weight = self.wte.weight

    def forward(self, idx, targets=None):
        T = idx.size(1)
        x = self.wte(idx) + self.wpe(torch.arange(T))
        logits = self.head(self.ln(x))
        if targets is None:
            return logits, None
        return logits, F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))

model = TinyGPT()
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
data = torch.randint(0, 32, (64,))
for it in range(4):
    ix = torch.randint(0, 50, (4,))
    x = torch.stack([data[i:i + 8] for i in ix])
    y = torch.stack([data[i + 1:i + 9] for i in ix])
    _, loss = cmodel(x, y)
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
