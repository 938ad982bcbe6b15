"""recomp: a float config attribute (layer-norm eps) read in forward takes several values -- test_model_output.py / _repros_part1.py config attributes (DummyConfig)."""
import torch

torch.manual_seed(0)


class Cfg:
    def __init__(self):
        self.eps = 1e-5
        self.hidden = 8


class Norm(torch.nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.weight = torch.nn.Parameter(torch.ones(cfg.hidden))

    def forward(self, x):
        return torch.nn.functional.layer_norm(x, (self.cfg.hidden,), self.weight, None, self.cfg.eps)


cfg = Cfg()
cm = torch.compile(Norm(cfg))
x = torch.randn(2, 8)
for eps in (1e-5, 1e-6, 1e-3, 1e-6):
    cfg.eps = eps
    print(cm(x).sum())
