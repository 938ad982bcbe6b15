"""real: activation-sparsity training: a forward-hook object on each ReLU (registered before compiling) adds weight * out.abs().mean() to a shared penalty list when active; the script warms the penalty weight up and switches it on after the first step; compiled model, penalty summed into the loss -- L1 activation regularization via register_forward_hook (sparse autoencoder / activation-regularization pattern)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class SparsityHook:
    def __init__(self, penalties):
        self.penalties = penalties
        self.active = False
        self.weight = 0.0

    def __call__(self, module, inp, out):
        if self.active:
            self.penalties.append(self.weight * out.abs().mean())


penalties = []
model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 6))
hooks = [SparsityHook(penalties) for _ in range(2)]
model[1].register_forward_hook(hooks[0])
model[3].register_forward_hook(hooks[1])
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(5):
    for h in hooks:
        h.active = step >= 1
        h.weight = min(1.0, 0.25 * step)
    penalties.clear()
    x = torch.randn(4, 6)
    recon = cmodel(x)
    loss = F.mse_loss(recon, x) + sum(penalties, torch.tensor(0.0))
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, len(penalties), round(loss.item(), 4))
