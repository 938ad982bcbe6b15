# Every way a program hands something to torch.compile.
import torch

@torch.compile
def decorated(x):
    return x * 2

@torch.compile(backend="eager", dynamic=False)
def decorated_with_options(x):
    return decorated(x) + 1

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(3, 3)

    def forward(self, x):
        return self.fc(x)

    def score(self, x):
        return self.forward(x).sum()

class Scale:
    def __call__(self, x):
        return x * 3

compiled_net = torch.compile(Net())   # only this instance is watched
plain_net = Net()
bound = torch.compile(plain_net.score)
scale = torch.compile(Scale())
not_compiled = torch.compile(lambda x: x - 1, disable=True)
method_net = Net()
method_net.compile()

x = torch.ones(2, 3)
for _ in range(2):
    compiled_net(x)
    plain_net(x)
    bound(x)
    scale(x)
    not_compiled(x)
    method_net(x)
decorated(x)
decorated_with_options(x)
print(type(compiled_net).__name__, compiled_net.fc.in_features)
