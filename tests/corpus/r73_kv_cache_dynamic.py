# A decode loop with a growing KV cache (HF generate, nanoGPT sample): the cache
# length is specialised at 0 and 1 (Dynamo's 0/1 rule), made dynamic at 2, and
# the dynamic entry then serves every later length. The cache's concatenation
# [1, s0+1, 8] has stride [8*s0 + 8, 8, 1] and its transpose [8*s0 + 8, 1, 8]:
# strides of dense tensors follow from their symbolic sizes. The real Dynamo of
# torch 2.13 gives the same 3 graphs and 2 recompiles (oracle
# real_decode_kv_cache); run under --verify, every hit is replayed.
# expect-entries: 3
# expect-hits: 3
# expect-dynamic: automatic dynamic size L['cache_k'] size(1) 2 != 1
import torch
import torch.nn as nn


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


torch.manual_seed(0)
step = torch.compile(Decoder().eval())
tok = torch.tensor([[1]])
ck = torch.zeros(1, 0, 8)
cv = torch.zeros(1, 0, 8)
with torch.no_grad():
    for _ in range(6):
        logits, ck, cv = step(tok, ck, cv)
        tok = logits[:, -1:].argmax(-1)
