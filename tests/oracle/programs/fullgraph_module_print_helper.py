"""fullgraph: a print inside a helper under fullgraph=True on a module; the user catches the error -- test_error_messages.py fullgraph nested unsupported."""
import torch
import torch._dynamo
torch.manual_seed(0)

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)

    def log(self, y):
        print("shape", tuple(y.shape))
        return y

    def forward(self, x):
        return self.log(self.lin(x)).relu()

m = torch.compile(Net(), fullgraph=True)
try:
    m(torch.randn(2, 3))
except torch._dynamo.exc.Unsupported:
    pass
