"""real: a transformer encoder layer that holds a plain (non-nn.Module) callable helper as an attribute -- self.pos = ALiBiBias(slope_scale) whose __call__(T) builds the additive attention bias from self.slope_scale and self.max_distance -- and the script rescales the helper's slope and clips its distance between evaluations (length-extrapolation experiments) on the compiled layer -- ALiBi / relative-position helpers kept as plain callables on the module (MosaicML-style attn_bias helpers)."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class ALiBiBias:
    def __init__(self, slope_scale=1.0, max_distance=None):
        self.slope_scale = slope_scale
        self.max_distance = max_distance

    def __call__(self, T):
        pos = torch.arange(T)
        dist = (pos[None, :] - pos[:, None]).abs().float()
        if self.max_distance is not None:
            dist = dist.clamp(max=self.max_distance)
        return -self.slope_scale * dist


class EncoderLayer(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.pos = ALiBiBias(0.5)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, -1)
        att = q @ k.transpose(-1, -2) / 8 ** 0.5 + self.pos(x.shape[1])
        return x + self.out(att.softmax(-1) @ v)


layer = EncoderLayer().eval()
cl = torch.compile(layer)
x = torch.randn(1, 5, 8)
with torch.no_grad():
    print("a", round(cl(x).sum().item(), 4))
    layer.pos.slope_scale = 2.0
    print("b", round(cl(x).sum().item(), 4))
    layer.pos.max_distance = 1
    print("c", round(cl(x).sum().item(), 4))
