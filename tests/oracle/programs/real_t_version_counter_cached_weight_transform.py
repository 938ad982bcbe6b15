"""real: a layer that caches an expensive weight transform (a normalised, scaled copy of its weight) and recomputes it only when the weight's version counter moved (self.weight._version != self._cache_version, i.e. after optimizer.step() updated it in place) -- version-keyed weight caches as in fake-quant / weight-standardisation layers."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class StdLinear(nn.Module):
    def __init__(self, fin, fout):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(fout, fin))
        self._cache = None
        self._cache_version = -1

    def transformed(self):
        if self._cache is None or self.weight._version != self._cache_version:
            w = self.weight.detach()
            self._cache = (w - w.mean(1, keepdim=True)) / (w.std(1, keepdim=True) + 1e-5)
            self._cache_version = self.weight._version
        return self._cache

    def forward(self, x):
        return x @ self.transformed().t()


layer = StdLinear(4, 3)
clayer = torch.compile(layer)
x = torch.randn(2, 4)
with torch.no_grad():
    for step in range(4):
        out = clayer(x)
        w = layer.weight
        ref = x @ ((w - w.mean(1, keepdim=True)) / (w.std(1, keepdim=True) + 1e-5)).t()
        print(step, layer.weight._version, round(out.sum().item(), 4), torch.allclose(out, ref))
        if step % 2 == 0:
            layer.weight.mul_(-1.0)
