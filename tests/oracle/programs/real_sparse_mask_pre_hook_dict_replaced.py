"""real: sparse training with masks applied by forward pre-hooks registered before compiling: the hook (a closure over a MaskManager) multiplies the layer input weight copy by self.masks[name]; every prune/regrow step the manager replaces the dict entries with new mask tensors (RigL-style drop and grow), and the compiled model keeps training -- RigL / SET sparse training (rigl-torch Masking) with hook-applied masks."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class MaskManager:
    def __init__(self, model, density=0.5):
        self.masks = {}
        for name, m in model.named_modules():
            if isinstance(m, nn.Linear):
                w = m.weight.detach().abs()
                k = int(density * w.numel())
                thr = w.flatten().kthvalue(w.numel() - k + 1).values
                self.masks[name] = (w >= thr).float()
                m.register_forward_pre_hook(self._make_hook(name))

    def _make_hook(self, name):
        def hook(module, args):
            with torch.no_grad():
                module.weight.mul_(self.masks[name])
        return hook

    def regrow(self, model, step):
        for name, m in model.named_modules():
            if name in self.masks:
                old = self.masks[name]
                flat = old.flatten().clone()
                flat[int((flat == 0).nonzero()[0])] = 1.0
                self.masks[name] = flat.view_as(old)


model = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2))
masks = MaskManager(model)
cm = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
x, y = torch.randn(3, 4), torch.tensor([0, 1, 1])
for step in range(4):
    if step >= 1:
        masks.regrow(model, step)
    out = cm(x)
    loss = nn.functional.cross_entropy(out, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), int(masks.masks["0"].sum()), int((model[0].weight == 0).sum()))
