"""real: batch-hard triplet loss (Hermans et al., 'In Defense of the Triplet Loss'; open-reid / pytorch-metric-learning style) -- pairwise distances via dist = x^2 + y^2 - 2xy with .addmm_(1, -2, ...) replaced by torch.addmm, clamp(min=1e-12).sqrt(), mask = targets.expand(n, n).eq(targets.expand(n, n).t()), per-anchor hardest positive/negative with python loop `for i in range(n): dist_ap.append(dist[i][mask[i]].max().unsqueeze(0))`, MarginRankingLoss; L2-normalized embedding net, P x K batches, last batch with fewer identities."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class TripletLoss(nn.Module):
    def __init__(self, margin=0.3):
        super(TripletLoss, self).__init__()
        self.margin = margin
        self.ranking_loss = nn.MarginRankingLoss(margin=margin)

    def forward(self, inputs, targets):
        n = inputs.size(0)
        dist = torch.pow(inputs, 2).sum(dim=1, keepdim=True).expand(n, n)
        dist = dist + dist.t()
        dist = torch.addmm(dist, inputs, inputs.t(), beta=1, alpha=-2)
        dist = dist.clamp(min=1e-12).sqrt()
        mask = targets.expand(n, n).eq(targets.expand(n, n).t())
        dist_ap, dist_an = [], []
        for i in range(n):
            dist_ap.append(dist[i][mask[i]].max().unsqueeze(0))
            dist_an.append(dist[i][mask[i] == 0].min().unsqueeze(0))
        dist_ap = torch.cat(dist_ap)
        dist_an = torch.cat(dist_an)
        y = torch.ones_like(dist_an)
        loss = self.ranking_loss(dist_an, dist_ap, y)
        prec = (dist_an.data > dist_ap.data).sum() * 1. / y.size(0)
        return loss, prec


class EmbedNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(10, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Linear(32, 8))

    def forward(self, x):
        return F.normalize(self.net(x), dim=1)


model = EmbedNet()
criterion = TripletLoss(margin=0.3)
cmodel = torch.compile(model, backend="eager")
ccrit = torch.compile(criterion, backend="eager")
optimizer = torch.optim.Adam(model.parameters(), lr=3e-4, weight_decay=5e-4)
for it, (P, K) in enumerate([(3, 2), (3, 2), (2, 2)]):
    targets = torch.arange(P).repeat_interleave(K)
    x = torch.randn(P * K, 10) + targets[:, None].float()
    loss, prec = ccrit(cmodel(x), targets)
    optimizer.zero_grad(); loss.backward(); optimizer.step()
    print(it, round(loss.item(), 4), round(prec.item(), 3))
