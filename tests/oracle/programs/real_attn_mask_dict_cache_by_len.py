"""real: causal self-attention caching its additive mask in a dict on the module keyed by sequence length (self._mask_cache[T] filled on a miss inside the compiled forward); the compiled layer is called at lengths 4, 6, 4, 6 and then the cache is cleared and the window flag changed -- fairseq buffered_future_mask / xformers-style per-length mask cache."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class CausalAttn(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self._mask_cache = {}
        self.window = None

    def get_mask(self, T):
        if T not in self._mask_cache:
            m = torch.ones(T, T).triu(1).bool()
            if self.window is not None:
                m = m | torch.ones(T, T).tril(-self.window).bool()
            self._mask_cache[T] = torch.zeros(T, T).masked_fill(m, float("-inf"))
        return self._mask_cache[T]

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, -1)
        att = q @ k.transpose(-1, -2) / 8 ** 0.5 + self.get_mask(x.shape[1])
        return self.proj(F.softmax(att, -1) @ v)


layer = CausalAttn().eval()
cl = torch.compile(layer)
with torch.no_grad():
    for T in (4, 6, 4, 6):
        x = torch.randn(1, T, 8)
        print(T, round(cl(x).sum().item(), 4), sorted(layer._mask_cache))
    layer._mask_cache.clear()
    layer.window = 2
    x = torch.randn(1, 4, 8)
    print("w2", round(cl(x).sum().item(), 4), sorted(layer._mask_cache))
