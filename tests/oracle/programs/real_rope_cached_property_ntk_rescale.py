"""real: rotary position embedding whose inverse frequencies are a functools.cached_property of the module (computed from self.base on first access and stored in the instance __dict__); for long-context NTK-aware scaling the script raises rope.base and drops the cached value (del rope.__dict__["inv_freq"]) so the next forward recomputes it -- gpt-neox/llama-style rotary embedding with cached frequencies."""
import functools
import torch
import torch.nn as nn
torch.manual_seed(0)


class Rotary(nn.Module):
    def __init__(self, dim, base=10000.0):
        super().__init__()
        self.dim = dim
        self.base = base

    @functools.cached_property
    def inv_freq(self):
        return 1.0 / (self.base ** (torch.arange(0, self.dim, 2).float() / self.dim))

    def forward(self, x):
        t = torch.arange(x.size(1), dtype=torch.float32)
        freqs = torch.outer(t, self.inv_freq)
        cos, sin = freqs.cos(), freqs.sin()
        x1, x2 = x[..., ::2], x[..., 1::2]
        return torch.cat([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)


class Attn(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.qk = nn.Linear(d, 2 * d)
        self.rope = Rotary(d, base=10.0)

    def forward(self, x):
        q, k = self.qk(x).chunk(2, dim=-1)
        q, k = self.rope(q), self.rope(k)
        return (q @ k.transpose(-1, -2)).softmax(-1).sum(1)


model = Attn()
cmodel = torch.compile(model)
x = torch.randn(1, 6, 8)
with torch.no_grad():
    print("base10", round(cmodel(x)[0, :3].sum().item(), 5), [round(v, 5) for v in cmodel(x)[0, :2].tolist()])
    model.rope.base = 1000.0
    del model.rope.__dict__["inv_freq"]
    print("base1000", [round(v, 5) for v in cmodel(x)[0, :2].tolist()])
    model.rope.base = 2.0
    print("base2 cached", [round(v, 5) for v in cmodel(x)[0, :2].tolist()])
