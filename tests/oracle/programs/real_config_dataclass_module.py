"""real: an nn.Module built from a mutable config dataclass (n_layers, use_residual) that forward reads; the config flag is flipped for an ablation, then a second instance with more layers is compiled -- GPTConfig / HF PretrainedConfig shape."""
from dataclasses import dataclass
import torch
import torch.nn as nn
torch.manual_seed(0)

@dataclass
class Config:
    d_model: int = 8
    n_layers: int = 2
    use_residual: bool = True

class Net(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.layers = nn.ModuleList(nn.Linear(cfg.d_model, cfg.d_model) for _ in range(cfg.n_layers))

    def forward(self, x):
        for layer in self.layers:
            h = layer(x).relu()
            x = x + h if self.cfg.use_residual else h
        return x

model = Net(Config())
cm = torch.compile(model)
x = torch.randn(3, 8)
cm(x)
cm(x)
model.cfg.use_residual = False
cm(x)
torch.compile(Net(Config(n_layers=3)))(x)
