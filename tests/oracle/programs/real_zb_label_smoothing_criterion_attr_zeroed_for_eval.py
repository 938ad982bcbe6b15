"""real: classifier trained with a global nn.CrossEntropyLoss(label_smoothing=0.1) read inside a compiled compute_loss(model, x, y); for validation the script sets criterion.label_smoothing = 0.0, model.eval() and no_grad on a batch of 5, then restores 0.1 and model.train() for the next epoch -- timm/torchvision reference train.py train/validate with a smoothing-free validation loss."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Dropout(0.2), nn.Linear(16, 4))
criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)


@torch.compile(backend="eager")
def compute_loss(model, x, y):
    return criterion(model(x), y)


x = torch.randn(8, 10)
y = torch.randint(0, 4, (8,))
vx = torch.randn(5, 10)
vy = torch.randint(0, 4, (5,))
for epoch in range(2):
    model.train()
    criterion.label_smoothing = 0.1
    for _ in range(2):
        opt.zero_grad()
        loss = compute_loss(model, x, y)
        loss.backward()
        opt.step()
    model.eval()
    criterion.label_smoothing = 0.0
    with torch.no_grad():
        vloss = compute_loss(model, vx, vy)
    print(epoch, round(loss.item(), 4), round(vloss.item(), 4))
