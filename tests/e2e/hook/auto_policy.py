# Automatic policy: with no torch.compile and no --target, the outermost
# nn.Module.forward calls of user code are watched; nested modules inline.
import torch

class Inner(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 4)

    def forward(self, x):
        return torch.relu(self.fc(x))

class Outer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Inner()
        self.b = Inner()

    def forward(self, x):
        return self.b(self.a(x))

def not_a_module_forward(x):
    return x + 1

outer, lone = Outer(), Inner()
x = torch.ones(2, 4)
for _ in range(3):
    outer(x)
lone(x)
not_a_module_forward(x)
print("done")
