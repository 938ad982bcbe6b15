"""real: a Lightning-style compiled training_step(batch, criterion) that receives the criterion as an argument, a plain callable LabelSmoothingCE object (self.smoothing, self.ignore_index attributes read in __call__); the training loop lowers smoothing for the last epoch and starts ignoring a pad class -- label-smoothing criterion objects passed into a compiled step (fairseq LabelSmoothedCrossEntropy, OpenNMT LabelSmoothingLoss shape)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class LabelSmoothingCE:
    def __init__(self, smoothing=0.1, ignore_index=-100):
        self.smoothing = smoothing
        self.ignore_index = ignore_index

    def __call__(self, logits, target):
        logp = F.log_softmax(logits, -1)
        nll = -logp.gather(1, target.clamp(min=0).unsqueeze(1)).squeeze(1)
        smooth = -logp.mean(-1)
        loss = (1 - self.smoothing) * nll + self.smoothing * smooth
        keep = (target != self.ignore_index).float()
        return (loss * keep).sum() / keep.sum()


model = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 4))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def training_step(batch, criterion):
    x, y = batch
    return criterion(model(x), y)


crit = LabelSmoothingCE()
batch = (torch.randn(6, 5), torch.tensor([0, 1, 2, 3, 0, 1]))
for epoch in range(3):
    if epoch == 1:
        crit.ignore_index = 0
    if epoch == 2:
        crit.smoothing = 0.0
    loss = training_step(batch, crit)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, crit.smoothing, crit.ignore_index, round(loss.item(), 4))
