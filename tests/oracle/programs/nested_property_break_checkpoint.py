"""nested: a called module's property breaks after two operators of its own: Dynamo compiles that frame up to the statement and runs the rest eagerly, the functions it then calls compiled on their own -- test_repros.py graph break in a property after ops."""
import torch


def finish(t):
    return t.tanh() + 1


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    @property
    def scale(self):
        print("reading the scale")
        return 0.5

    def forward(self, x):
        h = self.lin(x).relu()
        h = h * self.scale
        return finish(h)


block = Block()


def run(x):
    return block(x) - 1


f = torch.compile(run)
f(torch.ones(2, 4))
with torch.no_grad():
    f(torch.ones(2, 4))
