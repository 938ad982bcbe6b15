"""real: diffusion UNet pieces -- sinusoidal get_timestep_embedding(timesteps, dim) on a tensor of per-sample timesteps, temb MLP, ResnetBlock (GroupNorm, SiLU, conv, temb_proj(nonlinearity(temb))[:, :, None, None], dropout, nin_shortcut when channels change), AttnBlock (q/k/v 1x1 convs, bmm softmax), Downsample (conv stride 2) / Upsample (interpolate nearest + conv) with skip concatenation; epsilon-prediction training steps with random t -- pesser/pytorch_diffusion model.py (DDPM UNet)."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


def get_timestep_embedding(timesteps, embedding_dim):
    assert len(timesteps.shape) == 1
    half_dim = embedding_dim // 2
    emb = math.log(10000) / (half_dim - 1)
    emb = torch.exp(torch.arange(half_dim, dtype=torch.float32) * -emb)
    emb = timesteps.float()[:, None] * emb[None, :]
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=1)
    if embedding_dim % 2 == 1:
        emb = F.pad(emb, (0, 1, 0, 0))
    return emb


def nonlinearity(x):
    return x * torch.sigmoid(x)


def Normalize(in_channels):
    return nn.GroupNorm(num_groups=4, num_channels=in_channels, eps=1e-6, affine=True)


class ResnetBlock(nn.Module):
    def __init__(self, in_channels, out_channels, temb_channels, dropout=0.1):
        super().__init__()
        self.in_channels, self.out_channels = in_channels, out_channels
        self.norm1 = Normalize(in_channels)
        self.conv1 = nn.Conv2d(in_channels, out_channels, 3, 1, 1)
        self.temb_proj = nn.Linear(temb_channels, out_channels)
        self.norm2 = Normalize(out_channels)
        self.dropout = nn.Dropout(dropout)
        self.conv2 = nn.Conv2d(out_channels, out_channels, 3, 1, 1)
        if self.in_channels != self.out_channels:
            self.nin_shortcut = nn.Conv2d(in_channels, out_channels, 1, 1, 0)

    def forward(self, x, temb):
        h = self.conv1(nonlinearity(self.norm1(x)))
        h = h + self.temb_proj(nonlinearity(temb))[:, :, None, None]
        h = self.conv2(self.dropout(nonlinearity(self.norm2(h))))
        if self.in_channels != self.out_channels:
            x = self.nin_shortcut(x)
        return x + h


class AttnBlock(nn.Module):
    def __init__(self, in_channels):
        super().__init__()
        self.norm = Normalize(in_channels)
        self.q = nn.Conv2d(in_channels, in_channels, 1)
        self.k = nn.Conv2d(in_channels, in_channels, 1)
        self.v = nn.Conv2d(in_channels, in_channels, 1)
        self.proj_out = nn.Conv2d(in_channels, in_channels, 1)

    def forward(self, x):
        h_ = self.norm(x)
        q, k, v = self.q(h_), self.k(h_), self.v(h_)
        b, c, h, w = q.shape
        q = q.reshape(b, c, h * w).permute(0, 2, 1)
        k = k.reshape(b, c, h * w)
        w_ = torch.bmm(q, k) * (int(c) ** (-0.5))
        w_ = F.softmax(w_, dim=2)
        v = v.reshape(b, c, h * w)
        h_ = torch.bmm(v, w_.permute(0, 2, 1)).reshape(b, c, h, w)
        return x + self.proj_out(h_)


class TinyUNet(nn.Module):
    def __init__(self, ch=8, in_ch=3):
        super().__init__()
        self.ch = ch
        self.temb = nn.ModuleList([nn.Linear(ch, ch * 4), nn.Linear(ch * 4, ch * 4)])
        self.conv_in = nn.Conv2d(in_ch, ch, 3, 1, 1)
        self.down_block = ResnetBlock(ch, ch, ch * 4)
        self.down = nn.Conv2d(ch, ch, 3, 2, 1)
        self.mid_block = ResnetBlock(ch, 2 * ch, ch * 4)
        self.mid_attn = AttnBlock(2 * ch)
        self.up_conv = nn.Conv2d(2 * ch, 2 * ch, 3, 1, 1)
        self.up_block = ResnetBlock(3 * ch, ch, ch * 4)
        self.norm_out = Normalize(ch)
        self.conv_out = nn.Conv2d(ch, in_ch, 3, 1, 1)

    def forward(self, x, t):
        temb = get_timestep_embedding(t, self.ch)
        temb = self.temb[1](nonlinearity(self.temb[0](temb)))
        h0 = self.down_block(self.conv_in(x), temb)
        h = self.mid_attn(self.mid_block(self.down(h0), temb))
        h = self.up_conv(F.interpolate(h, scale_factor=2.0, mode="nearest"))
        h = self.up_block(torch.cat([h, h0], dim=1), temb)
        return self.conv_out(nonlinearity(self.norm_out(h)))


T = 100
betas = torch.linspace(1e-4, 0.02, T)
alphas_cumprod = torch.cumprod(1 - betas, dim=0)
model = TinyUNet()
cmodel = torch.compile(model)
opt = torch.optim.Adam(model.parameters(), lr=2e-4)
for step in range(3):
    x0 = torch.randn(2, 3, 8, 8)
    t = torch.randint(0, T, (2,))
    noise = torch.randn_like(x0)
    a = alphas_cumprod[t].view(-1, 1, 1, 1)
    xt = a.sqrt() * x0 + (1 - a).sqrt() * noise
    loss = F.mse_loss(cmodel(xt, t), noise)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, t.tolist(), round(loss.item(), 4))
model.eval()
with torch.no_grad():
    print(round(cmodel(torch.randn(1, 3, 8, 8), torch.tensor([50])).std().item(), 4))
