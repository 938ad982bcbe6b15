"""real: an MLP whose activation is looked up by name at call time with getattr(F, self.config.hidden_act) (config object attribute, string); for an ablation the config's hidden_act is changed from "gelu" to "silu" and then to "relu" on the live model, compiled model re-evaluated each time -- HF get_activation(config.hidden_act) / timm get_act_fn(name) used lazily."""
import types
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class MLP(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.fc1 = nn.Linear(config.d, 4 * config.d)
        self.fc2 = nn.Linear(4 * config.d, config.d)

    def forward(self, x):
        act = getattr(F, self.config.hidden_act)
        return self.fc2(act(self.fc1(x)))


config = types.SimpleNamespace(d=4, hidden_act="gelu")
mlp = MLP(config).eval()
cm = torch.compile(mlp)
x = torch.randn(2, 4)
with torch.no_grad():
    for name in ("gelu", "silu", "relu", "gelu"):
        config.hidden_act = name
        print(name, round(cm(x).sum().item(), 4))
