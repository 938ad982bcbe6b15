"""recomp: a compiled bound method indexes a ModuleList with an int argument -- _repros_part1.py test_issue114171."""
import torch

torch.manual_seed(0)


class Stack(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.nets = torch.nn.ModuleList(
            [torch.nn.Sequential(torch.nn.Linear(6, 8), torch.nn.GELU(), torch.nn.Linear(8, 6)) for _ in range(4)]
        )

    def interact(self, x, cycle):
        return self.nets[cycle](x)


model = Stack()
interact = torch.compile(model.interact)
x = torch.rand(5, 6)
for cycle in (0, 1, 2, 3, 1):
    x = interact(x, cycle)
print(x.shape)
