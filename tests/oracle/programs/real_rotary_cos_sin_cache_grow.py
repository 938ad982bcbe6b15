"""real: rotary position embedding with the pre-2024 transformers cache: self.max_seq_len_cached (int attribute) and non-buffer cos_cached/sin_cached tensor attributes rebuilt inside forward when a longer sequence arrives; compiled attention layer called at growing and shrinking lengths -- transformers LlamaRotaryEmbedding (v4.30) _set_cos_sin_cache."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class RotaryEmbedding(nn.Module):
    def __init__(self, dim, max_position_embeddings=4, base=10000):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self._set_cos_sin_cache(max_position_embeddings)

    def _set_cos_sin_cache(self, seq_len):
        self.max_seq_len_cached = seq_len
        t = torch.arange(seq_len, dtype=self.inv_freq.dtype)
        freqs = torch.outer(t, self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.cos_cached = emb.cos()
        self.sin_cached = emb.sin()

    def forward(self, x, seq_len):
        if seq_len > self.max_seq_len_cached:
            self._set_cos_sin_cache(seq_len)
        return self.cos_cached[:seq_len], self.sin_cached[:seq_len]


def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


class Attn(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.rotary = RotaryEmbedding(d)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        cos, sin = self.rotary(v, seq_len=x.size(1))
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        return F.scaled_dot_product_attention(q, k, v, is_causal=True)


attn = Attn().eval()
cattn = torch.compile(attn)
with torch.no_grad():
    for T in (3, 4, 6, 5, 8, 3):
        out = cattn(torch.randn(1, T, 8))
        print(T, attn.rotary.max_seq_len_cached, round(out.sum().item(), 4))
