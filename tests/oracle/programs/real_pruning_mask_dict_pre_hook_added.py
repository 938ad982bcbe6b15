"""real: gradual magnitude pruning: a Pruner keeps masks in a dict keyed by layer name and, once pruning starts (after the first epoch of a compiled model), registers forward pre-hooks that multiply each Linear's weight in place by its mask; at each pruning step the dict entry is replaced by a new, sparser mask tensor; finally the hooks are removed -- Zhu & Gupta gradual pruning (distiller / NNCF-style mask hooks on a compiled model)."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Pruner:
    def __init__(self, model):
        self.model = model
        self.masks = {}
        self.handles = []

    def _hook(self, name):
        def hook(module, args):
            with torch.no_grad():
                module.weight.mul_(self.masks[name])
        return hook

    def start(self):
        for name, m in self.model.named_modules():
            if isinstance(m, nn.Linear):
                self.masks[name] = torch.ones_like(m.weight)
                self.handles.append(m.register_forward_pre_hook(self._hook(name)))

    def update(self, sparsity):
        for name, m in self.model.named_modules():
            if name in self.masks:
                w = m.weight.detach().abs().flatten()
                k = int(sparsity * w.numel())
                thr = w.kthvalue(k).values if k > 0 else w.min() - 1
                self.masks[name] = (m.weight.detach().abs() > thr).float()

    def remove(self):
        for h in self.handles:
            h.remove()
        self.handles = []


model = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 2))
cm = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
pruner = Pruner(model)
x, y = torch.randn(5, 6), torch.tensor([0, 1, 0, 1, 1])
for epoch in range(4):
    if epoch == 1:
        pruner.start()
    if epoch >= 1:
        pruner.update(0.25 * epoch)
    if epoch == 3:
        pruner.remove()
    loss = nn.functional.cross_entropy(cm(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    zeros = int((model[0].weight == 0).sum())
    print(epoch, round(loss.item(), 4), zeros)
