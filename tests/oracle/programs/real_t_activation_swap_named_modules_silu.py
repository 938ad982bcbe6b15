"""real: model surgery between calls of a compiled model: every nn.ReLU found by named_modules() is replaced with nn.SiLU via setattr on its parent (timm/torchvision convert-activation helpers), then the compiled model is evaluated again and one block reverted -- module type swap under torch.compile."""
import torch
import torch.nn as nn
torch.manual_seed(0)


def block(c):
    return nn.Sequential(nn.Conv2d(c, c, 3, padding=1), nn.BatchNorm2d(c), nn.ReLU())


model = nn.Sequential(nn.Conv2d(3, 4, 1), block(4), block(4), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 2)).eval()
cmodel = torch.compile(model)
x = torch.randn(1, 3, 5, 5)


def replace(root, old_type, factory):
    for name, mod in list(root.named_modules()):
        for child_name, child in list(mod.named_children()):
            if isinstance(child, old_type):
                setattr(mod, child_name, factory())


with torch.no_grad():
    a = cmodel(x)
    replace(model, nn.ReLU, nn.SiLU)
    b = cmodel(x)
    print(round((a - b).abs().sum().item(), 4), round((b - model(x)).abs().max().item(), 5))
    model[2][2] = nn.ReLU()
    c = cmodel(x)
    print(round((c - model(x)).abs().max().item(), 5), type(model[1][2]).__name__, type(model[2][2]).__name__)
