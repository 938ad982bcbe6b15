"""real: self-supervised evaluation protocol: the compiled classifier runs its backbone under torch.set_grad_enabled(self.finetune_backbone and self.training) -- linear probing (flag False) for two steps, then full fine-tuning (flag True), then eval -- linear probe vs fine-tune switch (MAE / DINO eval code)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(6, 8), nn.GELU(), nn.Linear(8, 8))
        self.head = nn.Linear(8, 3)
        self.finetune_backbone = False

    def forward(self, x):
        with torch.set_grad_enabled(self.finetune_backbone and self.training):
            feats = self.backbone(x)
        return self.head(feats)


model = Classifier()
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(4):
    model.finetune_backbone = step >= 2
    model.train()
    x, y = torch.randn(5, 6), torch.tensor([0, 1, 2, 0, 1])
    loss = F.cross_entropy(cmodel(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), round(model.backbone[0].weight.sum().item(), 4))
model.eval()
with torch.no_grad():
    print("eval", round(cmodel(torch.randn(2, 6)).sum().item(), 4))
