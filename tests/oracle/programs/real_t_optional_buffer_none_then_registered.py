"""real: a projection module created with register_buffer("whiten", None) (optional buffer) whose forward applies the whitening matrix only when it is not None; after a calibration pass the buffer is set to a tensor, and later replaced by a new tensor -- PCA whitening / feature-adaptation layer (MoCo v3 / DINO eval heads)."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Proj(nn.Module):
    def __init__(self, d=6):
        super().__init__()
        self.lin = nn.Linear(d, d)
        self.register_buffer("whiten", None)
        self.register_buffer("mean", None)

    def forward(self, x):
        h = self.lin(x)
        if self.whiten is not None:
            h = (h - self.mean) @ self.whiten
        return h


model = Proj().eval()
cmodel = torch.compile(model)
feats = torch.randn(32, 6)
with torch.no_grad():
    raw = cmodel(feats)
    print("raw", round(raw.std(0).mean().item(), 4))
    mu = raw.mean(0)
    cov = (raw - mu).T @ (raw - mu) / 31
    evals, evecs = torch.linalg.eigh(cov + 1e-3 * torch.eye(6))
    model.mean = mu
    model.whiten = evecs / evals.sqrt()
    w = cmodel(feats)
    print("whitened", round(w.std(0).mean().item(), 4))
    model.whiten = torch.eye(6) * 2
    print("scaled", round((cmodel(feats) - 2 * (raw - mu)).abs().max().item(), 4))
