"""nested: a @property whose getter calls .item(), read after two operators of forward: Dynamo compiles up to the statement before the read (its last resumable state) and runs the rest of forward eagerly -- test_modules.py property with graph break, "Compiling up to the previous resumable state"."""
import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("temp", torch.tensor(2.0))
        self.lin = torch.nn.Linear(3, 3)

    @property
    def temperature(self):
        return self.temp.item()

    def forward(self, x):
        h = self.lin(x).relu()
        h = h * 2
        out = h / self.temperature
        return out.softmax(-1)


m = torch.compile(Net())
m(torch.ones(2, 3))
m(torch.ones(2, 3))
