"""recomp: a config object held by the module (self.cfg.scale, self.cfg.use_bias) changed between calls -- test_modules.py / test_repros.py config attributes."""
import torch
class Cfg:
    def __init__(self): self.scale = 2.0; self.use_bias = True
class M(torch.nn.Module):
    def __init__(self, cfg):
        super().__init__(); self.cfg = cfg
    def forward(self, x):
        y = x * self.cfg.scale
        return y + 1 if self.cfg.use_bias else y
cfg = Cfg(); c = torch.compile(M(cfg))
c(torch.ones(2)); cfg.scale = 3.0; c(torch.ones(2)); cfg.use_bias = False; c(torch.ones(2))
