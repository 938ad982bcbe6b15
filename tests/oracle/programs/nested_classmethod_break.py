"""nested: a classmethod helper called from forward prints (graph break one call deep) -- test_functions.py classmethod calls / test_error_messages.py nested graph break."""
import torch
torch.manual_seed(0)

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)

    @classmethod
    def post(cls, y):
        print("post", cls.__name__)
        return y.tanh()

    def forward(self, x):
        return self.post(self.lin(x)) * 2

m = torch.compile(Net())
m(torch.randn(2, 3))
m(torch.randn(2, 3))
