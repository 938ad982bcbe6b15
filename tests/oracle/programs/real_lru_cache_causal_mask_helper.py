"""real: a causal self-attention whose mask comes from a functools.lru_cache'd helper keyed on (T, window) returning a bool tensor; the compiled block is called at several sequence lengths and sliding-window sizes (window read from the module) -- cached mask helper pattern (e.g. @lru_cache def get_causal_mask) in decoder-only models."""
import functools
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


@functools.lru_cache(maxsize=8)
def get_mask(T, window):
    i = torch.arange(T)[:, None]
    j = torch.arange(T)[None, :]
    return (j <= i) & (i - j < window)


class Block(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.window = 4

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, -1)
        mask = get_mask(x.size(1), self.window)
        return self.proj(F.scaled_dot_product_attention(q, k, v, attn_mask=mask))


blk = Block().eval()
cblk = torch.compile(blk)
with torch.no_grad():
    for T, window in [(5, 4), (5, 4), (5, 2), (6, 2), (5, 4)]:
        blk.window = window
        print(T, window, round(cblk(torch.randn(1, T, 8)).sum().item(), 4))
