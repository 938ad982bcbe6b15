"""real: CLIP contrastive step: image/text towers, learnable logit_scale used as logit_scale.exp().clamp(max=self.max_scale) with max_scale a Python float module attribute lowered mid-training, symmetric cross entropy; plus the OpenCLIP in-place logit_scale.clamp_(0, log 100) after each step -- OpenCLIP ClipLoss."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class TinyCLIP(nn.Module):
    def __init__(self):
        super().__init__()
        self.visual = nn.Linear(6, 4)
        self.text = nn.Linear(5, 4)
        self.logit_scale = nn.Parameter(torch.tensor(math.log(1 / 0.07)))
        self.max_scale = 100.0

    def forward(self, img, txt):
        i = F.normalize(self.visual(img), dim=-1)
        t = F.normalize(self.text(txt), dim=-1)
        scale = self.logit_scale.exp().clamp(max=self.max_scale)
        logits = scale * i @ t.t()
        labels = torch.arange(img.size(0))
        return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2


model = TinyCLIP()
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
for step in range(4):
    if step == 2:
        model.max_scale = 5.0
    loss = cmodel(torch.randn(4, 6), torch.randn(4, 5))
    opt.zero_grad()
    loss.backward()
    opt.step()
    with torch.no_grad():
        model.logit_scale.clamp_(0, math.log(100))
    print(step, round(loss.item(), 4), round(model.logit_scale.item(), 4))
