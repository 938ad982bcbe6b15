"""real: diffusers UNet2DModel.forward time handling -- `if not torch.is_tensor(timesteps): timesteps = torch.tensor([timesteps], dtype=torch.long)` / `elif len(timesteps.shape) == 0: timesteps = timesteps[None]`, `timesteps * torch.ones(sample.shape[0])`, get_timestep_embedding (flip_sin_to_cos, downscale_freq_shift), TimestepEmbedding MLP, ResnetBlock2D adding temb[:, :, None, None]; DDPMScheduler-like sampling loop passing python-int t from `for t in self.scheduler.timesteps` (tensor elements) vs int."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


def get_timestep_embedding(timesteps, embedding_dim, flip_sin_to_cos=False, downscale_freq_shift=1, scale=1, max_period=10000):
    assert len(timesteps.shape) == 1, "Timesteps should be a 1d-array"
    half_dim = embedding_dim // 2
    exponent = -math.log(max_period) * torch.arange(start=0, end=half_dim, dtype=torch.float32, device=timesteps.device)
    exponent = exponent / (half_dim - downscale_freq_shift)
    emb = torch.exp(exponent)
    emb = timesteps[:, None].float() * emb[None, :]
    emb = scale * emb
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=-1)
    if flip_sin_to_cos:
        emb = torch.cat([emb[:, half_dim:], emb[:, :half_dim]], dim=-1)
    if embedding_dim % 2 == 1:
        emb = torch.nn.functional.pad(emb, (0, 1, 0, 0))
    return emb


class ResnetBlock2D(nn.Module):
    def __init__(self, c, temb_c):
        super().__init__()
        self.norm1 = nn.GroupNorm(4, c)
        self.conv1 = nn.Conv2d(c, c, 3, padding=1)
        self.time_emb_proj = nn.Linear(temb_c, c)
        self.norm2 = nn.GroupNorm(4, c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)

    def forward(self, x, temb):
        h = self.conv1(F.silu(self.norm1(x)))
        h = h + self.time_emb_proj(F.silu(temb))[:, :, None, None]
        h = self.conv2(F.silu(self.norm2(h)))
        return (x + h) / 1.0


class TinyUNet(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.c = c
        self.conv_in = nn.Conv2d(3, c, 3, padding=1)
        self.time_embedding = nn.Sequential(nn.Linear(c, 4 * c), nn.SiLU(), nn.Linear(4 * c, 4 * c))
        self.blocks = nn.ModuleList([ResnetBlock2D(c, 4 * c) for _ in range(2)])
        self.conv_out = nn.Conv2d(c, 3, 3, padding=1)

    def forward(self, sample, timestep):
        timesteps = timestep
        if not torch.is_tensor(timesteps):
            timesteps = torch.tensor([timesteps], dtype=torch.long, device=sample.device)
        elif torch.is_tensor(timesteps) and len(timesteps.shape) == 0:
            timesteps = timesteps[None].to(sample.device)
        timesteps = timesteps * torch.ones(sample.shape[0], dtype=timesteps.dtype, device=timesteps.device)
        t_emb = get_timestep_embedding(timesteps, self.c, flip_sin_to_cos=True, downscale_freq_shift=0)
        emb = self.time_embedding(t_emb.to(dtype=sample.dtype))
        h = self.conv_in(sample)
        for b in self.blocks:
            h = b(h, emb)
        return self.conv_out(F.silu(h))


unet = TinyUNet().eval()
unet = torch.compile(unet, backend="eager")
betas = torch.linspace(1e-4, 0.02, 1000)
alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
timesteps = torch.arange(999, 0, -250)
with torch.no_grad():
    x = torch.randn(2, 3, 8, 8)
    for t in timesteps:  # 0-dim tensor elements
        eps = unet(x, t)
        a_t = alphas_cumprod[t]
        x = (x - (1 - a_t).sqrt() * eps) / a_t.sqrt() * 0.5
    print(round(x.abs().mean().item(), 4))
    for t in [999, 500]:  # python ints from a user script
        eps = unet(x, t)
    print(round(eps.abs().mean().item(), 4))
