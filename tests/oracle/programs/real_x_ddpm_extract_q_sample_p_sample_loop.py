"""real: GaussianDiffusion with registered schedule buffers (betas, alphas_cumprod, sqrt_recip_alphas, posterior_variance), extract(a, t, x_shape) = a.gather(-1, t).reshape(b, 1, 1, 1), q_sample and p_losses with a compiled denoiser, then the p_sample_loop over reversed(range(T)) with t = torch.full((b,), i) and a Python branch on t_index == 0 -- lucidrains/denoising-diffusion-pytorch / HF annotated-diffusion."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


def extract(a, t, x_shape):
    batch_size = t.shape[0]
    out = a.gather(-1, t)
    return out.reshape(batch_size, *((1,) * (len(x_shape) - 1)))


class Denoiser(nn.Module):
    def __init__(self, ch=3, hidden=8, T=6):
        super().__init__()
        self.t_emb = nn.Embedding(T, hidden)
        self.conv1 = nn.Conv2d(ch, hidden, 3, padding=1)
        self.conv2 = nn.Conv2d(hidden, ch, 3, padding=1)

    def forward(self, x, t):
        h = F.silu(self.conv1(x) + self.t_emb(t)[:, :, None, None])
        return self.conv2(h)


class GaussianDiffusion(nn.Module):
    def __init__(self, model, timesteps=6):
        super().__init__()
        self.model = model
        self.num_timesteps = timesteps
        betas = torch.linspace(1e-4, 0.2, timesteps)
        alphas = 1. - betas
        alphas_cumprod = torch.cumprod(alphas, axis=0)
        alphas_cumprod_prev = F.pad(alphas_cumprod[:-1], (1, 0), value=1.0)
        self.register_buffer('betas', betas)
        self.register_buffer('sqrt_recip_alphas', torch.sqrt(1.0 / alphas))
        self.register_buffer('sqrt_alphas_cumprod', torch.sqrt(alphas_cumprod))
        self.register_buffer('sqrt_one_minus_alphas_cumprod', torch.sqrt(1. - alphas_cumprod))
        self.register_buffer('posterior_variance', betas * (1. - alphas_cumprod_prev) / (1. - alphas_cumprod))

    def q_sample(self, x_start, t, noise=None):
        if noise is None:
            noise = torch.randn_like(x_start)
        return extract(self.sqrt_alphas_cumprod, t, x_start.shape) * x_start + \
            extract(self.sqrt_one_minus_alphas_cumprod, t, x_start.shape) * noise

    def p_losses(self, x_start, t, loss_type="huber"):
        noise = torch.randn_like(x_start)
        x_noisy = self.q_sample(x_start=x_start, t=t, noise=noise)
        predicted_noise = self.model(x_noisy, t)
        if loss_type == 'l1':
            return F.l1_loss(noise, predicted_noise)
        elif loss_type == 'l2':
            return F.mse_loss(noise, predicted_noise)
        return F.smooth_l1_loss(noise, predicted_noise)

    @torch.no_grad()
    def p_sample(self, x, t, t_index):
        betas_t = extract(self.betas, t, x.shape)
        sqrt_one_minus_alphas_cumprod_t = extract(self.sqrt_one_minus_alphas_cumprod, t, x.shape)
        sqrt_recip_alphas_t = extract(self.sqrt_recip_alphas, t, x.shape)
        model_mean = sqrt_recip_alphas_t * (x - betas_t * self.model(x, t) / sqrt_one_minus_alphas_cumprod_t)
        if t_index == 0:
            return model_mean
        posterior_variance_t = extract(self.posterior_variance, t, x.shape)
        noise = torch.randn_like(x)
        return model_mean + torch.sqrt(posterior_variance_t) * noise

    @torch.no_grad()
    def p_sample_loop(self, shape):
        b = shape[0]
        img = torch.randn(shape)
        imgs = []
        for i in reversed(range(0, self.num_timesteps)):
            img = self.p_sample(img, torch.full((b,), i, dtype=torch.long), i)
            imgs.append(round(img.abs().mean().item(), 4))
        return imgs


denoiser = torch.compile(Denoiser())
diffusion = GaussianDiffusion(denoiser)
optimizer = torch.optim.Adam(diffusion.parameters(), lr=1e-3)
for step, loss_type in enumerate(("huber", "huber", "l2")):
    batch = torch.randn(3, 3, 8, 8)
    t = torch.randint(0, diffusion.num_timesteps, (3,)).long()
    loss = diffusion.p_losses(batch, t, loss_type=loss_type)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss_type, round(loss.item(), 4))
print(diffusion.p_sample_loop((2, 3, 8, 8)))
