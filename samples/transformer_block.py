"""A pre-norm transformer block (attention + MLP), the shape of most LLM
layers; a candidate for export.

    dynx-capture -o out samples/transformer_block.py
"""
# expect-graphs: 1
# expect-ops: 31
# expect-breaks: none
import torch
import torch.nn.functional as F


class Block(torch.nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.heads = heads
        self.norm1 = torch.nn.LayerNorm(dim)
        self.qkv = torch.nn.Linear(dim, 3 * dim)
        self.out = torch.nn.Linear(dim, dim)
        self.norm2 = torch.nn.LayerNorm(dim)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(dim, 4 * dim), torch.nn.GELU(), torch.nn.Linear(4 * dim, dim))

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.norm1(x)).split(d, dim=-1)
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        attn = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.out(attn.transpose(1, 2).reshape(b, t, d))
        return x + self.mlp(self.norm2(x))


torch.manual_seed(0)
block = torch.compile(Block().eval())
with torch.no_grad():
    print(tuple(block(torch.randn(2, 8, 32)).shape))
