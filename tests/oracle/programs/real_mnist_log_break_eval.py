"""real: pytorch/examples MNIST Net whose forward logs an activation statistic with print (a graph break), trained on two batches, the last batch smaller, then tested under no_grad -- pytorch/examples mnist main.py train()/test() with a debugging print in forward."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, 1)
        self.conv2 = nn.Conv2d(4, 8, 3, 1)
        self.fc1 = nn.Linear(8 * 5 * 5, 16)
        self.fc2 = nn.Linear(16, 10)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        print("activations", tuple(x.shape))
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        return F.log_softmax(self.fc2(x), dim=1)


model = Net()
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
model.train()
for batch in (8, 8, 5):
    data, target = torch.randn(batch, 1, 14, 14), torch.randint(0, 10, (batch,))
    opt.zero_grad()
    loss = F.nll_loss(cmodel(data), target)
    loss.backward()
    opt.step()
model.eval()
with torch.no_grad():
    for batch in (8, 3):
        cmodel(torch.randn(batch, 1, 14, 14)).argmax(dim=1)
