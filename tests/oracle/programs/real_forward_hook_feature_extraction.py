"""real: feature extraction with a forward-hook object registered (before compiling) on an inner layer: it stores out * self.scale into a Python dict and counts calls; the script changes hook.scale and toggles hook.enabled between compiled evals -- torchvision-style feature extraction / Grad-CAM hook on a compiled model."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class FeatureHook:
    def __init__(self, store, name):
        self.store, self.name = store, name
        self.scale = 1.0
        self.enabled = True
        self.calls = 0

    def __call__(self, mod, inp, out):
        if self.enabled:
            self.store[self.name] = out.detach() * self.scale
            self.calls += 1


model = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.Conv2d(4, 4, 3, padding=1), nn.ReLU(),
                      nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 2)).eval()
features = {}
hook = FeatureHook(features, "relu1")
model[1].register_forward_hook(hook)
cmodel = torch.compile(model)
x = torch.randn(1, 3, 5, 5)
with torch.no_grad():
    for scale, enabled in [(1.0, True), (1.0, True), (2.0, True), (2.0, False), (0.5, True)]:
        hook.scale, hook.enabled = scale, enabled
        features.clear()
        out = cmodel(x)
        f = features.get("relu1")
        print(scale, enabled, round(out.sum().item(), 4), None if f is None else round(f.sum().item(), 4), hook.calls)
