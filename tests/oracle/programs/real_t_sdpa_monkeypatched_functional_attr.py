"""real: nanoGPT-style causal self-attention calling F.scaled_dot_product_attention; after the first compiled calls the user monkeypatches torch.nn.functional.scaled_dot_product_attention with a wrapper that adds a soft-capping of the scores (a "patch attention" recipe), later restores the original -- a torch function replaced in its module between calls."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class CausalSelfAttention(nn.Module):
    def __init__(self, d=8, h=2):
        super().__init__()
        self.c_attn = nn.Linear(d, 3 * d)
        self.c_proj = nn.Linear(d, d)
        self.h = h

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.c_attn(x).split(C, dim=2)
        q = q.view(B, T, self.h, C // self.h).transpose(1, 2)
        k = k.view(B, T, self.h, C // self.h).transpose(1, 2)
        v = v.view(B, T, self.h, C // self.h).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.c_proj(y.transpose(1, 2).reshape(B, T, C))


_orig_sdpa = F.scaled_dot_product_attention


def softcap_sdpa(q, k, v, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None):
    s = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    s = 2.0 * torch.tanh(s / 2.0)
    if is_causal:
        T = q.size(-2)
        s = s.masked_fill(torch.ones(T, T, dtype=torch.bool).triu(1), float("-inf"))
    return torch.softmax(s, -1) @ v


attn = CausalSelfAttention().eval()
cattn = torch.compile(attn)
x = torch.randn(1, 4, 8) * 3
with torch.no_grad():
    a = cattn(x)
    torch.nn.functional.scaled_dot_product_attention = softcap_sdpa
    b = cattn(x)
    print(round((a - b).abs().max().item(), 4), torch.allclose(b, attn(x), atol=1e-5))
    torch.nn.functional.scaled_dot_product_attention = _orig_sdpa
    c = cattn(x)
    print(torch.allclose(a, c, atol=1e-6))
