"""real: deep residual MLP whose forward skips the blocks whose index is in self.skip_layers (a Python set mutated in place with add/discard between evaluation runs) -- early-exit / layer-skipping inference ablation (LayerSkip, "which layers matter" probing)."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self, n=4, d=8):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d)) for _ in range(n))
        self.skip_layers = set()

    def forward(self, x):
        for i, blk in enumerate(self.blocks):
            if i in self.skip_layers:
                continue
            x = x + blk(x)
        return x


model = Net().eval()
cmodel = torch.compile(model)
x = torch.randn(2, 8)
with torch.no_grad():
    base = cmodel(x)
    for i in range(4):
        model.skip_layers.add(i)
        out = cmodel(x)
        print(i, sorted(model.skip_layers), round((out - base).abs().sum().item(), 4))
        model.skip_layers.discard(i)
    model.skip_layers.update({1, 3})
    print("1,3", round((cmodel(x) - base).abs().sum().item(), 4))
    model.skip_layers.clear()
    print("none", round((cmodel(x) - base).abs().sum().item(), 4))
