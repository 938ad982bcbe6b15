"""recomp: forward iterates self.layers[:self.depth]; the int depth attribute is raised between calls."""
import torch

torch.manual_seed(0)


class Stack(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList(torch.nn.Linear(2, 2) for _ in range(4))
        self.depth = 1

    def forward(self, x):
        for layer in self.layers[: self.depth]:
            x = layer(x).tanh()
        return x


s = Stack()
c = torch.compile(s, backend="eager")
x = torch.ones(1, 2)
for d in (1, 2, 2, 4):
    s.depth = d
    print(tuple(c(x).shape))
