"""real: class-balanced loss (Cui et al.): per-class weights (1 - beta) / (1 - beta ** n_c) computed inside the compiled loss from a collections.Counter of seen labels (a dict subclass whose missing classes count 0 via __missing__), with beta an attribute of the loss object; the Counter is updated with each epoch's labels (counts.update(labels.tolist())), so a class first seen later changes the weights -- class-balanced focal/CE loss with running label counts (long-tail recognition repos)."""
import collections
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

NUM_CLASSES = 3
counts = collections.Counter()
model = nn.Linear(4, NUM_CLASSES)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def cb_loss(x, y, beta):
    w = []
    for c in range(NUM_CLASSES):
        n = counts[c]
        w.append((1 - beta) / (1 - beta ** n) if n > 0 else 0.0)
    weight = torch.tensor(w)
    weight = weight / weight.sum() * NUM_CLASSES
    return F.cross_entropy(model(x), y, weight=weight)


epochs = [torch.tensor([0, 0, 1, 0]), torch.tensor([0, 1, 1, 0]), torch.tensor([2, 0, 1, 2])]
for ep, y in enumerate(epochs):
    counts.update(y.tolist())
    x = torch.randn(4, 4)
    loss = cb_loss(x, y, 0.9)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(ep, dict(sorted(counts.items())), round(loss.item(), 4))
