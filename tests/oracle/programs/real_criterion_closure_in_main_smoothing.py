"""real: a training script's main() builds a plain callable LabelSmoothingLoss object (self.smoothing, self.confidence floats read in __call__) and a nested compiled train_step that closes over it; a smoothing warm-down calls criterion.set_smoothing() between epochs -- OpenNMT/fairseq-style label-smoothed criterion captured by a closure."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class LabelSmoothingLoss:
    def __init__(self, classes, smoothing=0.2):
        self.cls = classes
        self.set_smoothing(smoothing)

    def set_smoothing(self, smoothing):
        self.smoothing = smoothing
        self.confidence = 1.0 - smoothing

    def __call__(self, pred, target):
        pred = pred.log_softmax(dim=-1)
        true_dist = torch.zeros_like(pred)
        true_dist.fill_(self.smoothing / (self.cls - 1))
        true_dist.scatter_(1, target.unsqueeze(1), self.confidence)
        return torch.mean(torch.sum(-true_dist * pred, dim=-1))


def main():
    model = nn.Sequential(nn.Linear(5, 7), nn.Tanh(), nn.Linear(7, 4))
    criterion = LabelSmoothingLoss(4, smoothing=0.2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)

    @torch.compile
    def train_step(x, y):
        opt.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        return loss

    x = torch.randn(6, 5)
    y = torch.tensor([0, 1, 2, 3, 0, 1])
    for epoch, s in enumerate([0.2, 0.2, 0.1, 0.0]):
        criterion.set_smoothing(s)
        loss = train_step(x, y)
        opt.step()
        print(epoch, s, round(loss.item(), 4))


main()
