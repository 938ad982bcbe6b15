"""recomp: a ParameterList of matrices applied in order; two entries are swapped via __setitem__, then one is appended -- test_modules.py ParameterList mutation."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Chain(nn.Module):
    def __init__(self):
        super().__init__()
        self.ws = nn.ParameterList([nn.Parameter(torch.tensor([[1.0, 1.0], [0.0, 1.0]])),
                                    nn.Parameter(torch.tensor([[2.0, 0.0], [0.0, 3.0]]))])

    def forward(self, x):
        for w in self.ws:
            x = x @ w
        return x


m = Chain()
cm = torch.compile(m)
x = torch.tensor([[1.0, 2.0]])
print(cm(x).tolist())
a, b = m.ws[0], m.ws[1]
m.ws[0] = b
m.ws[1] = a
print(cm(x).tolist())
m.ws.append(nn.Parameter(torch.eye(2) * -1))
print(cm(x).tolist())
