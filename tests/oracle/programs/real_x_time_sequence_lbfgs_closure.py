"""real: Sequence of two LSTMCells stepped over input.split(1, dim=1) with future predictions, trained by optim.LBFGS whose closure calls the compiled model (LBFGS re-evaluates the closure several times per step), then a no_grad prediction with future=3 and the test loss -- pytorch/examples time_sequence_prediction/train.py."""
import torch
import torch.nn as nn
import torch.optim as optim
torch.manual_seed(0)


class Sequence(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm1 = nn.LSTMCell(1, 8)
        self.lstm2 = nn.LSTMCell(8, 8)
        self.linear = nn.Linear(8, 1)

    def forward(self, input, future=0):
        outputs = []
        h_t = torch.zeros(input.size(0), 8, dtype=torch.double)
        c_t = torch.zeros(input.size(0), 8, dtype=torch.double)
        h_t2 = torch.zeros(input.size(0), 8, dtype=torch.double)
        c_t2 = torch.zeros(input.size(0), 8, dtype=torch.double)
        for input_t in input.split(1, dim=1):
            h_t, c_t = self.lstm1(input_t, (h_t, c_t))
            h_t2, c_t2 = self.lstm2(h_t, (h_t2, c_t2))
            output = self.linear(h_t2)
            outputs += [output]
        for i in range(future):
            h_t, c_t = self.lstm1(output, (h_t, c_t))
            h_t2, c_t2 = self.lstm2(h_t, (h_t2, c_t2))
            output = self.linear(h_t2)
            outputs += [output]
        outputs = torch.cat(outputs, dim=1)
        return outputs


T, L, N = 20, 8, 5
x = torch.empty(N, L, dtype=torch.double)
x[:] = torch.arange(L, dtype=torch.double) + torch.randint(-2 * T, 2 * T, (N, 1)).double()
data = torch.sin(x / 1.0 / T)
input = data[2:, :-1]
target = data[2:, 1:]
test_input = data[:2, :-1]
test_target = data[:2, 1:]

seq = Sequence().double()
cseq = torch.compile(seq)
criterion = nn.MSELoss()
optimizer = optim.LBFGS(seq.parameters(), lr=0.8, max_iter=4)
for i in range(2):
    def closure():
        optimizer.zero_grad()
        out = cseq(input)
        loss = criterion(out, target)
        loss.backward()
        return loss
    loss = optimizer.step(closure)
    print('STEP', i, 'loss', round(loss.item(), 5))
    with torch.no_grad():
        future = 3
        pred = cseq(test_input, future=future)
        loss = criterion(pred[:, :-future], test_target)
        print('test loss:', round(loss.item(), 5), tuple(pred.shape))
