"""misc: a module of the program's with register_full_backward_hook compiled and trained: the break in Module._call_impl, then the forward compiled on its own -- test_hooks.py backward hooks under compile."""
import torch
torch.manual_seed(0)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(3, 2)

    def forward(self, x):
        return self.fc(x).relu() * 2


grads = []
m = Net()
m.register_full_backward_hook(lambda mod, gin, gout: grads.append(gout[0].shape))
c = torch.compile(m)
for n in (4, 4, 5):
    c(torch.randn(n, 3)).sum().backward()
print(len(grads))
