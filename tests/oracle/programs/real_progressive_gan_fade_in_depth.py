"""real: progressive-growing generator: forward runs self.blocks[:self.depth] and fades the new block in with self.alpha (float attribute) blending against an upsampled to_rgb of the previous depth; depth and alpha advance between compiled calls -- ProGAN / StyleGAN progressive growing."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class ProGenerator(nn.Module):
    def __init__(self, zdim=4, ch=4, max_depth=3):
        super().__init__()
        self.inp = nn.ConvTranspose2d(zdim, ch, 2)
        self.blocks = nn.ModuleList([nn.Conv2d(ch, ch, 3, padding=1) for _ in range(max_depth)])
        self.to_rgb = nn.ModuleList([nn.Conv2d(ch, 3, 1) for _ in range(max_depth + 1)])
        self.depth = 0
        self.alpha = 1.0

    def forward(self, z):
        h = self.inp(z.view(z.size(0), -1, 1, 1))
        prev = h
        for i in range(self.depth):
            prev = h
            h = F.leaky_relu(self.blocks[i](F.interpolate(h, scale_factor=2.0)), 0.2)
        out = self.to_rgb[self.depth](h)
        if self.depth > 0 and self.alpha < 1.0:
            skip = F.interpolate(self.to_rgb[self.depth - 1](prev), scale_factor=2.0)
            out = self.alpha * out + (1 - self.alpha) * skip
        return torch.tanh(out)


g = ProGenerator().eval()
cg = torch.compile(g)
z = torch.randn(2, 4)
with torch.no_grad():
    for depth, alpha in [(0, 1.0), (1, 0.5), (1, 1.0), (2, 0.25), (2, 0.75)]:
        g.depth, g.alpha = depth, alpha
        out = cg(z)
        print(depth, alpha, tuple(out.shape), round(out.sum().item(), 4))
