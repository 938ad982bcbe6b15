"""real: gpt-fast-style decode: a pre-allocated KV cache (registered buffers k_cache/v_cache of max length 8) written with index_copy_ at input_pos, attention over the whole cache with a causal mask row sliced from a tril buffer at the current position; the compiled decode_one_token(model, x, input_pos) gets the position as a Python int each step -- pytorch-labs/gpt-fast generate.py decode_one_token."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

MAX_LEN, D, V = 8, 8, 13


class KVCache(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("k_cache", torch.zeros(1, MAX_LEN, D))
        self.register_buffer("v_cache", torch.zeros(1, MAX_LEN, D))

    def update(self, pos, k, v):
        self.k_cache.index_copy_(1, pos, k)
        self.v_cache.index_copy_(1, pos, v)
        return self.k_cache, self.v_cache


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.qkv = nn.Linear(D, 3 * D)
        self.out = nn.Linear(D, V)
        self.kv = KVCache()
        self.register_buffer("causal", torch.tril(torch.ones(MAX_LEN, MAX_LEN, dtype=torch.bool)))

    def forward(self, idx, input_pos):
        q, k, v = self.qkv(self.emb(idx)).split(D, dim=-1)
        k, v = self.kv.update(input_pos, k, v)
        mask = self.causal[input_pos]
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.out(y)


@torch.compile
def decode_one_token(model, x, pos):
    input_pos = torch.tensor([pos])
    logits = model(x, input_pos)
    return logits[:, -1].argmax(-1, keepdim=True), logits[:, -1].logsumexp(-1)


model = TinyLM().eval()
with torch.no_grad():
    tok = torch.tensor([[3]])
    out = []
    for pos in range(5):
        tok, lse = decode_one_token(model, tok, pos)
        out.append((tok.item(), round(lse.item(), 4)))
    print(out)
