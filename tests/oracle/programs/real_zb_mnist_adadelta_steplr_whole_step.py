"""real: MNIST Net (conv, conv, max_pool, dropout1, fc1, dropout2, fc2, log_softmax) trained by a compiled train_step(model, data, target, optimizer) holding zero_grad, nll_loss, backward and Adadelta's step; StepLR(gamma=0.7) changes the float lr between epochs; each epoch batches of 8, 8 and a last one of 4, then test() with the compiled model under no_grad -- pytorch/examples mnist/main.py."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim.lr_scheduler import StepLR

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, 1)
        self.conv2 = nn.Conv2d(4, 8, 3, 1)
        self.dropout1 = nn.Dropout(0.25)
        self.dropout2 = nn.Dropout(0.5)
        self.fc1 = nn.Linear(200, 16)
        self.fc2 = nn.Linear(16, 10)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.relu(self.conv2(x))
        x = F.max_pool2d(x, 2)
        x = self.dropout1(x)
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        x = self.dropout2(x)
        return F.log_softmax(self.fc2(x), dim=1)


@torch.compile(backend="eager")
def train_step(model, data, target, optimizer):
    optimizer.zero_grad()
    output = model(data)
    loss = F.nll_loss(output, target)
    loss.backward()
    optimizer.step()
    return loss.detach()


model = Net()
cmodel = torch.compile(model, backend="eager")
optimizer = torch.optim.Adadelta(model.parameters(), lr=1.0)
scheduler = StepLR(optimizer, step_size=1, gamma=0.7)
data = torch.randn(20, 1, 14, 14)
target = torch.randint(0, 10, (20,))
test_data = torch.randn(6, 1, 14, 14)
test_target = torch.randint(0, 10, (6,))
for epoch in range(1, 3):
    model.train()
    for start in range(0, 20, 8):
        loss = train_step(model, data[start:start + 8], target[start:start + 8], optimizer)
    print(epoch, round(loss.item(), 3))
    model.eval()
    with torch.no_grad():
        output = cmodel(test_data)
        test_loss = F.nll_loss(output, test_target, reduction="sum").item()
        correct = output.argmax(dim=1).eq(test_target).sum().item()
    print("test", round(test_loss / 6, 3), correct)
    scheduler.step()
