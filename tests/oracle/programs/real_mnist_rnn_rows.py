"""real: MNIST RNN classifier: LSTM (batch_first) over image rows, last time step, BatchNorm1d + Linear, log_softmax; train steps then eval with a smaller last batch -- pytorch/examples mnist_rnn/main.py."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(input_size=8, hidden_size=16, batch_first=True)
        self.batchnorm = nn.BatchNorm1d(16)
        self.dropout1 = nn.Dropout2d(0.25)
        self.fc1 = nn.Linear(16, 10)

    def forward(self, input):
        input = input.reshape(-1, 8, 8)
        output, hidden = self.rnn(input)
        output = output[:, -1, :]
        output = self.batchnorm(output)
        output = self.dropout1(output)
        output = F.relu(output)
        return F.log_softmax(self.fc1(output), dim=1)

model = Net()
cmodel = torch.compile(model)
optimizer = torch.optim.Adadelta(model.parameters(), lr=1.0)
for _ in range(2):
    data, target = torch.randn(4, 1, 8, 8), torch.randint(0, 10, (4,))
    optimizer.zero_grad()
    loss = F.nll_loss(cmodel(data), target)
    loss.backward()
    optimizer.step()
model.eval()
correct = 0
with torch.no_grad():
    for bs in (4, 3):
        data, target = torch.randn(bs, 1, 8, 8), torch.randint(0, 10, (bs,))
        pred = cmodel(data).argmax(dim=1, keepdim=True)
        correct += pred.eq(target.view_as(pred)).sum().item()
