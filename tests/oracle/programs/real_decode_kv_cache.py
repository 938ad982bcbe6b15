"""real: generate-style decode loop with a growing KV cache -- HF generate / nanoGPT sample shape."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class Decoder(nn.Module):
    def __init__(self, vocab=16, d=8):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)
        self.out = nn.Linear(d, vocab)

    def forward(self, tok, cache_k, cache_v):
        h = self.emb(tok)
        cache_k = torch.cat([cache_k, self.k(h)], dim=1)
        cache_v = torch.cat([cache_v, self.v(h)], dim=1)
        att = (h @ cache_k.transpose(1, 2)).softmax(-1)
        return self.out(att @ cache_v), cache_k, cache_v

model = Decoder().eval()
step = torch.compile(model)
tok = torch.tensor([[1]])
ck = torch.zeros(1, 0, 8)
cv = torch.zeros(1, 0, 8)
with torch.no_grad():
    for _ in range(5):
        logits, ck, cv = step(tok, ck, cv)
        tok = logits[:, -1:].argmax(-1)
