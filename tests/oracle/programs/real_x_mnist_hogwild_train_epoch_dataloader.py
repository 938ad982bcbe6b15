"""real: MNIST Net trained by train_epoch over a DataLoader of a TensorDataset (shuffle with a seeded torch.Generator, last batch smaller), log_interval prints of loss.item(), then test_epoch summing nll_loss(reduction='sum') and argmax correct counts -- pytorch/examples mnist_hogwild/train.py (one process)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset
torch.manual_seed(1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, kernel_size=5)
        self.conv2 = nn.Conv2d(4, 8, kernel_size=3)
        self.conv2_drop = nn.Dropout2d()
        self.fc1 = nn.Linear(8 * 2 * 2, 16)
        self.fc2 = nn.Linear(16, 10)

    def forward(self, x):
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2_drop(self.conv2(x)), 2))
        x = x.view(-1, 8 * 2 * 2)
        x = F.relu(self.fc1(x))
        x = F.dropout(x, training=self.training)
        x = self.fc2(x)
        return F.log_softmax(x, dim=1)


def train_epoch(epoch, log_interval, model, data_loader, optimizer):
    model.train()
    for batch_idx, (data, target) in enumerate(data_loader):
        optimizer.zero_grad()
        output = model(data)
        loss = F.nll_loss(output, target)
        loss.backward()
        optimizer.step()
        if batch_idx % log_interval == 0:
            print('Train Epoch: {} [{}/{}]\tLoss: {:.4f}'.format(
                epoch, batch_idx * len(data), len(data_loader.dataset), loss.item()))


def test_epoch(model, data_loader):
    model.eval()
    test_loss = 0
    correct = 0
    with torch.no_grad():
        for data, target in data_loader:
            output = model(data)
            test_loss += F.nll_loss(output, target, reduction='sum').item()
            pred = output.max(1)[1]
            correct += pred.eq(target).sum().item()
    test_loss /= len(data_loader.dataset)
    print('Test set: Average loss: {:.4f}, Accuracy: {}/{}'.format(test_loss, correct, len(data_loader.dataset)))


g = torch.Generator().manual_seed(0)
train_ds = TensorDataset(torch.randn(22, 1, 16, 16), torch.randint(0, 10, (22,)))
test_ds = TensorDataset(torch.randn(10, 1, 16, 16), torch.randint(0, 10, (10,)))
train_loader = DataLoader(train_ds, batch_size=8, shuffle=True, generator=g)
test_loader = DataLoader(test_ds, batch_size=6)

model = torch.compile(Net())
optimizer = optim.SGD(model.parameters(), lr=0.01, momentum=0.5)
for epoch in range(1, 3):
    train_epoch(epoch, 2, model, train_loader, optimizer)
test_epoch(model, test_loader)
