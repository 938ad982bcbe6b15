"""real: MNIST-style CNN training step, compiled model, 3 steps -- pytorch/examples mnist shape."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, 1)
        self.conv2 = nn.Conv2d(4, 8, 3, 1)
        self.fc = nn.Linear(8 * 5 * 5, 10)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        return F.log_softmax(self.fc(x), dim=1)

model = Net()
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
for step in range(3):
    data, target = torch.randn(4, 1, 14, 14), torch.randint(0, 10, (4,))
    opt.zero_grad()
    loss = F.nll_loss(cmodel(data), target)
    loss.backward()
    opt.step()
model.eval()
with torch.no_grad():
    cmodel(torch.randn(2, 1, 14, 14))
