"""real: a Trainer class declares its loss as a class attribute (class Trainer: criterion = FocalLoss(gamma=2.0), a plain callable object) and the compiled method training_step reads self.criterion; a callback anneals Trainer.criterion.gamma and later swaps the class attribute for a new FocalLoss -- class-level defaults in Lightning/Keras-style trainer code."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class FocalLoss:
    def __init__(self, gamma=2.0, alpha=0.25):
        self.gamma = gamma
        self.alpha = alpha

    def __call__(self, logits, target):
        logp = F.log_softmax(logits, dim=-1).gather(1, target.unsqueeze(1)).squeeze(1)
        p = logp.exp()
        return (-self.alpha * (1 - p) ** self.gamma * logp).mean()


class Trainer:
    criterion = FocalLoss(gamma=2.0)

    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.2)

    def training_step(self, x, y):
        self.opt.zero_grad()
        loss = self.criterion(self.model(x), y)
        loss.backward()
        return loss


model = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 3))
trainer = Trainer(model)
step = torch.compile(trainer.training_step)
x = torch.randn(6, 5)
y = torch.tensor([0, 1, 2, 0, 1, 2])
for epoch in range(4):
    if epoch == 1:
        Trainer.criterion.gamma = 1.0
    if epoch == 3:
        Trainer.criterion = FocalLoss(gamma=0.5, alpha=1.0)
    loss = step(x, y)
    trainer.opt.step()
    print(epoch, round(loss.item(), 4))
