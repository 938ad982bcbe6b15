"""real: early-exit / BranchyNet-style inference (DeeBERT, PABEE) -- stack of blocks each with an exit classifier; in eval, after each block `if torch.max(F.softmax(logits, -1)) > self.threshold: return logits, i` (data-dependent early return inside the compiled forward); in train all exits' losses are summed with weights; threshold attribute lowered between eval passes."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class EarlyExitNet(nn.Module):
    def __init__(self, d=16, n_blocks=4, n_cls=5, threshold=0.9):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Sequential(nn.Linear(d, d), nn.ReLU()) for _ in range(n_blocks)])
        self.exits = nn.ModuleList([nn.Linear(d, n_cls) for _ in range(n_blocks)])
        self.threshold = threshold

    def forward(self, x):
        all_logits = []
        for i, (block, exit_head) in enumerate(zip(self.blocks, self.exits)):
            x = block(x)
            logits = exit_head(x)
            if not self.training:
                if torch.max(F.softmax(logits, dim=-1)) > self.threshold:
                    return logits, i
            all_logits.append(logits)
        return (all_logits, len(self.blocks) - 1) if self.training else (logits, len(self.blocks) - 1)


model = EarlyExitNet()
cmodel = torch.compile(model, backend="eager")
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
x, y = torch.randn(8, 16), torch.randint(0, 5, (8,))
for step in range(3):
    model.train()
    all_logits, _ = cmodel(x)
    loss = sum((i + 1) * F.cross_entropy(l, y) for i, l in enumerate(all_logits)) / 10
    opt.zero_grad(); loss.backward(); opt.step()
    print(step, round(loss.item(), 4))
model.eval()
with torch.no_grad():
    for thr in (0.9, 0.5, 0.3):
        model.threshold = thr
        exits = [cmodel(x[j:j + 1])[1] for j in range(3)]
        print(thr, exits)
