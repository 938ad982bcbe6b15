"""real: two LSTMCells stepped in a Python loop over input.split, then future steps (int argument) -- pytorch/examples time_sequence_prediction/train.py."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class Sequence(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm1, self.lstm2 = nn.LSTMCell(1, 8), nn.LSTMCell(8, 8)
        self.linear = nn.Linear(8, 1)

    def forward(self, input, future=0):
        outputs = []
        h_t = c_t = h_t2 = c_t2 = torch.zeros(input.size(0), 8)
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
        return torch.cat(outputs, dim=1)

seq, x = torch.compile(Sequence()), torch.rand(2, 5)
seq(x).sum().backward()
with torch.no_grad():
    for future in (2, 3):
        seq(x, future=future)
