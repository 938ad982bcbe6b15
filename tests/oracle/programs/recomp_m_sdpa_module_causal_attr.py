"""recomp: attention module whose is_causal and dropout_p attributes are flipped between calls (eval, dropout unused) -- test_sdpa.py test_sdpa_module_attrs."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(8, 24)
        self.is_causal = False
        self.heads = 2

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).split(c, dim=-1)
        q, k, v = (z.view(b, t, self.heads, c // self.heads).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=self.is_causal)
        return y.transpose(1, 2).reshape(b, t, c)


m = Attn().eval()
cm = torch.compile(m)
x = torch.randn(1, 4, 8)
with torch.no_grad():
    print(round(cm(x).sum().item(), 4))
    m.is_causal = True
    print(round(cm(x).sum().item(), 4))
    m.heads = 4
    print(round(cm(x).sum().item(), 4))
