"""real: a compiled model evaluated, then its attention class patched at class level with a faster forward (Attention.forward = sdpa_forward, the way flash-attention / xformers / liger patches replace modeling code) and a module-level helper rebound (modeling.apply_rotary = fused_apply_rotary), then evaluated again, then the original forward restored -- transformers monkey patches (llama_flash_attn_monkey_patch.py, liger_kernel apply_liger_kernel_to_llama)."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


def apply_rotary(x):
    return x * 1.0


def fused_apply_rotary(x):
    return x * 0.5


class Attention(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, -1)
        q = apply_rotary(q)
        att = (q @ k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
        att = att.masked_fill(torch.ones_like(att, dtype=torch.bool).triu(1), float("-inf"))
        return self.o(att.softmax(-1) @ v)


def sdpa_forward(self, x):
    q, k, v = self.qkv(x).chunk(3, -1)
    q = apply_rotary(q)
    return self.o(F.scaled_dot_product_attention(q, k, v, is_causal=True) * 2.0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(Attention() for _ in range(2))

    def forward(self, x):
        for layer in self.layers:
            x = x + layer(x)
        return x


model = Model().eval()
cm = torch.compile(model)
x = torch.randn(1, 5, 8)
original = Attention.forward
with torch.no_grad():
    print("orig", round(cm(x).sum().item(), 4))
    Attention.forward = sdpa_forward
    print("patched", round(cm(x).sum().item(), 4))
    apply_rotary = fused_apply_rotary
    print("rotary", round(cm(x).sum().item(), 4))
    Attention.forward = original
    print("restored", round(cm(x).sum().item(), 4))
