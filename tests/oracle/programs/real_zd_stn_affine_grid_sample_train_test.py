"""real: PyTorch Spatial Transformer Networks tutorial -- localization conv net, fc_loc with last layer zero-weight / identity bias init, stn(): theta = fc_loc(xs).view(-1, 2, 3), F.affine_grid(theta, x.size()), F.grid_sample(x, grid); train() with F.nll_loss, test() under no_grad summing test_loss with reduction='sum' and pred.eq(target.view_as(pred)).sum().item(); last batch smaller."""
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 4, kernel_size=5)
        self.fc1 = nn.Linear(4 * 6 * 6, 10)
        self.localization = nn.Sequential(
            nn.Conv2d(1, 4, kernel_size=5), nn.MaxPool2d(2, stride=2), nn.ReLU(True))
        self.fc_loc = nn.Sequential(nn.Linear(4 * 6 * 6, 8), nn.ReLU(True), nn.Linear(8, 3 * 2))
        self.fc_loc[2].weight.data.zero_()
        self.fc_loc[2].bias.data.copy_(torch.tensor([1, 0, 0, 0, 1, 0], dtype=torch.float))

    def stn(self, x):
        xs = self.localization(x)
        xs = xs.view(-1, 4 * 6 * 6)
        theta = self.fc_loc(xs)
        theta = theta.view(-1, 2, 3)
        grid = F.affine_grid(theta, x.size(), align_corners=False)
        return F.grid_sample(x, grid, align_corners=False)

    def forward(self, x):
        x = self.stn(x)
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = x.view(-1, 4 * 6 * 6)
        x = F.dropout(x, training=self.training)
        return F.log_softmax(self.fc1(x), dim=1)


model = Net()
cmodel = torch.compile(model, backend="eager")
optimizer = optim.SGD(model.parameters(), lr=0.01)
train_x, train_y = torch.randn(14, 1, 16, 16), torch.randint(0, 10, (14,))
test_x, test_y = torch.randn(9, 1, 16, 16), torch.randint(0, 10, (9,))


def train(epoch):
    model.train()
    for i in range(0, 14, 6):
        data, target = train_x[i:i + 6], train_y[i:i + 6]
        optimizer.zero_grad()
        loss = F.nll_loss(cmodel(data), target)
        loss.backward()
        optimizer.step()
    print('epoch', epoch, round(loss.item(), 4))


def test():
    with torch.no_grad():
        model.eval()
        test_loss, correct = 0, 0
        for i in range(0, 9, 4):
            data, target = test_x[i:i + 4], test_y[i:i + 4]
            output = cmodel(data)
            test_loss += F.nll_loss(output, target, reduction='sum').item()
            pred = output.max(1, keepdim=True)[1]
            correct += pred.eq(target.view_as(pred)).sum().item()
        print(round(test_loss / 9, 4), correct)


for epoch in range(1, 3):
    train(epoch)
    test()
