"""real: an nn.CrossEntropyLoss built with weight=None (its registered buffer is None) used inside a compiled train step; after the first epoch the class weights are assigned (criterion.weight = tensor, which goes into the buffer slot), later ignore_index and label_smoothing attributes of the criterion are changed for noisy-label fine-tuning -- class rebalancing via criterion.weight (torchvision/timm train scripts, imbalanced-dataset recipes)."""
import torch
import torch.nn as nn
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 3))
criterion = nn.CrossEntropyLoss()
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def train_step(x, y):
    loss = criterion(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss


x, y = torch.randn(6, 5), torch.tensor([0, 0, 0, 1, 2, 2])
for epoch in range(4):
    if epoch == 1:
        counts = torch.bincount(y, minlength=3).float()
        criterion.weight = counts.sum() / (3 * counts)
    if epoch == 2:
        criterion.ignore_index = 2
    if epoch == 3:
        criterion.label_smoothing = 0.1
    loss = train_step(x, y)
    print(epoch, criterion.weight is not None, criterion.ignore_index, round(loss.item(), 4))
