"""real: a pre-norm transformer block with an explicit graph break between attention and MLP, evaluated on three sequence lengths: the frame and the code after the break each recompile once, then both take the dynamic length -- nanoGPT Block evaluated on growing prompts."""
import torch
import torch._dynamo
import torch.nn as nn

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self, d=16, heads=2):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        torch._dynamo.graph_break()
        return x + self.mlp(self.ln2(x))


block = Block().eval()
cblock = torch.compile(block)
with torch.no_grad():
    cblock(torch.randn(2, 6, 16))
    cblock(torch.randn(2, 9, 16))
    cblock(torch.randn(2, 12, 16))
