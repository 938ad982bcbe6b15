"""real: attention block wrapping nn.MultiheadAttention whose forward passes need_weights=self.return_attn (a bool attribute flipped on to visualise attention maps, then off) and averages heads per self.average_heads -- attention-rollout / DINO attention visualisation on a compiled model."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self, d=8, h=2):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, h, batch_first=True)
        self.mlp = nn.Linear(d, d)
        self.return_attn = False
        self.average_heads = True
        self.last_attn = None

    def forward(self, x):
        y, w = self.attn(x, x, x, need_weights=self.return_attn, average_attn_weights=self.average_heads)
        if w is not None:
            self.last_attn = w
        return x + self.mlp(y)


blk = Block().eval()
cblk = torch.compile(blk)
x = torch.randn(1, 4, 8)
with torch.no_grad():
    print(round(cblk(x).sum().item(), 4), blk.last_attn)
    blk.return_attn = True
    cblk(x)
    print(tuple(blk.last_attn.shape))
    blk.average_heads = False
    cblk(x)
    print(tuple(blk.last_attn.shape))
    blk.return_attn = False
    blk.last_attn = None
    print(round(cblk(x).sum().item(), 4), blk.last_attn)
