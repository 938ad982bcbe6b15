"""real: rectified-flow / flow-matching training and sampling (e.g. minRF cloneofsimo/minRF, SD3-style) -- training: t = torch.sigmoid(torch.randn(b)) (logit-normal), texp = t.view([b, *([1] * len(x.shape[1:]))]), z1 = randn_like, zt = (1 - texp) * x + texp * z1, vtheta = model(zt, t, cond), batchwise_mse; label dropout for CFG (cond = torch.where(rand < 0.1, null_cls, cond)); sampling: dt = 1.0 / sample_steps, dt = torch.tensor([dt] * b).view(...), loop `for i in range(sample_steps, 0, -1): t = i / sample_steps; t = torch.tensor([t] * b)`, vc = model(z, t, cond); vu = model(z, t, null_cond); vc = vu + cfg * (vc - vu); z = z - dt * vc; images collected in a list."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class TinyDiT(nn.Module):
    def __init__(self, dim=16, n_classes=4):
        super().__init__()
        self.t_embed = nn.Sequential(nn.Linear(1, dim), nn.SiLU(), nn.Linear(dim, dim))
        self.y_embed = nn.Embedding(n_classes + 1, dim)
        self.inp = nn.Linear(8, dim)
        self.mod = nn.Linear(dim, 2 * dim)
        self.mlp = nn.Sequential(nn.LayerNorm(dim, elementwise_affine=False), nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, 8))

    def forward(self, x, t, y):
        c = self.t_embed(t[:, None] * 1000.0) + self.y_embed(y)
        shift, scale = self.mod(F.silu(c)).chunk(2, dim=-1)
        h = self.inp(x) * (1 + scale) + shift
        return self.mlp(h)


class RF:
    def __init__(self, model, ln=True):
        self.model, self.ln = model, ln

    def forward(self, x, cond):
        b = x.size(0)
        if self.ln:
            nt = torch.randn((b,)).to(x.device)
            t = torch.sigmoid(nt)
        else:
            t = torch.rand((b,)).to(x.device)
        texp = t.view([b, *([1] * len(x.shape[1:]))])
        z1 = torch.randn_like(x)
        zt = (1 - texp) * x + texp * z1
        vtheta = self.model(zt, t, cond)
        batchwise_mse = ((z1 - x - vtheta) ** 2).mean(dim=list(range(1, len(x.shape))))
        return batchwise_mse.mean()

    @torch.no_grad()
    def sample(self, z, cond, null_cond=None, sample_steps=4, cfg=2.0):
        b = z.size(0)
        dt = 1.0 / sample_steps
        dt = torch.tensor([dt] * b).to(z.device).view([b, *([1] * len(z.shape[1:]))])
        images = [z]
        for i in range(sample_steps, 0, -1):
            t = i / sample_steps
            t = torch.tensor([t] * b).to(z.device)
            vc = self.model(z, t, cond)
            if null_cond is not None:
                vu = self.model(z, t, null_cond)
                vc = vu + cfg * (vc - vu)
            z = z - dt * vc
            images.append(z)
        return images


model = TinyDiT()
rf = RF(torch.compile(model, backend="eager"))
opt = torch.optim.Adam(model.parameters(), lr=5e-4)
for step in range(3):
    x, c = torch.randn(8, 8), torch.randint(0, 4, (8,))
    c = torch.where(torch.rand(8) < 0.1, torch.full_like(c, 4), c)
    loss = rf.forward(x, c)
    opt.zero_grad(); loss.backward(); opt.step()
    print(step, round(loss.item(), 4))
cond = torch.arange(0, 4)
images = rf.sample(torch.randn(4, 8), cond, torch.full_like(cond, 4))
print(len(images), round(images[-1].abs().mean().item(), 4))
