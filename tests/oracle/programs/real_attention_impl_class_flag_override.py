"""real: attention module choosing its path from a class-level flag (Attention.fused_attn = True, timm's use_fused_attn() pattern) and a class-level scale default; the script flips the class flag for debugging, then overrides the scale on one instance only -- timm Attention fused_attn switch."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class Attention(nn.Module):
    fused_attn = True
    qk_scale = None

    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        scale = self.qk_scale if self.qk_scale is not None else (C // self.heads) ** -0.5
        if self.fused_attn:
            x = F.scaled_dot_product_attention(q, k, v, scale=scale)
        else:
            attn = (q * scale) @ k.transpose(-2, -1)
            x = attn.softmax(dim=-1) @ v
        return self.proj(x.transpose(1, 2).reshape(B, N, C))


blocks = nn.Sequential(Attention(), Attention()).eval()
cblocks = torch.compile(blocks)
x = torch.randn(1, 4, 8)
with torch.no_grad():
    print("fused", round(cblocks(x).sum().item(), 4))
    Attention.fused_attn = False
    print("manual", round(cblocks(x).sum().item(), 4))
    blocks[1].qk_scale = 1.0
    print("override", round(cblocks(x).sum().item(), 4))
    Attention.qk_scale = 0.1
    print("class_scale", round(cblocks(x).sum().item(), 4))
