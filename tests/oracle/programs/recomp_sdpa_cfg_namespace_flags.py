"""recomp: F.scaled_dot_product_attention called with is_causal and scale read from a SimpleNamespace config two levels down (self.attn.cfg); the config fields change between calls -- test_sdpa.py test_2d_sdpa / test_repros.py."""
import types
import torch
import torch.nn.functional as F


class Attn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = types.SimpleNamespace(causal=False, scale=None)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attn()

    def forward(self, q, k, v):
        c = self.attn.cfg
        return F.scaled_dot_product_attention(q, k, v, is_causal=c.causal, scale=c.scale)


torch.manual_seed(0)
q = torch.randn(1, 2, 4, 8)
k = torch.randn(1, 2, 4, 8)
v = torch.randn(1, 2, 4, 8)
m = M()
cm = torch.compile(m, backend="eager")
print(round(cm(q, k, v).sum().item(), 4))
m.attn.cfg.causal = True
print(round(cm(q, k, v).sum().item(), 4))
m.attn.cfg.scale = 0.5
print(round(cm(q, k, v).sum().item(), 4))
