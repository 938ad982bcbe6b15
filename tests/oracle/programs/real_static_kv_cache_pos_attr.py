"""real: decode loop with a preallocated static KV cache on the attention module: k/v written at self.pos (Python int attribute advanced per step) by slice assignment and attention over cache[:, :self.pos + 1]; cache reset (pos = 0, zero_) between prompts -- HF StaticCache / gpt-fast decode shape."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class CachedAttn(nn.Module):
    def __init__(self, d=8, max_len=8):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.register_buffer("k_cache", torch.zeros(1, max_len, d))
        self.register_buffer("v_cache", torch.zeros(1, max_len, d))
        self.pos = 0

    def reset(self):
        self.pos = 0
        self.k_cache.zero_()
        self.v_cache.zero_()

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        self.k_cache[:, self.pos] = k[:, 0]
        self.v_cache[:, self.pos] = v[:, 0]
        keys = self.k_cache[:, : self.pos + 1]
        vals = self.v_cache[:, : self.pos + 1]
        att = F.softmax(q @ keys.transpose(1, 2) / 8 ** 0.5, dim=-1)
        self.pos += 1
        return self.proj(att @ vals)


class Decoder(nn.Module):
    def __init__(self, vocab=10, d=8):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.attn = CachedAttn(d)
        self.out = nn.Linear(d, vocab)

    def forward(self, tok):
        return self.out(self.attn(self.emb(tok)))


dec = Decoder().eval()
step = torch.compile(dec)
with torch.no_grad():
    for start in (1, 4):
        dec.attn.reset()
        tok = torch.tensor([[start]])
        outs = []
        for _ in range(4):
            logits = step(tok)
            tok = logits.argmax(-1)
            outs.append(int(tok))
        print(start, outs, dec.attn.pos)
