# ModuleList.append between calls: the forward's loop over the list runs
# once more, so the number of submodules is guarded (Dynamo: len(
# self._modules['layers']._modules)), and the new entry has two layers.
# expect-entries: 2
# expect-graphs: 2
# expect-reason: 0/0: len(self._modules['layers']._modules) != 1
# expect-ops: 3 6
# expect-hits: 1
import torch


class Stack(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([torch.nn.Linear(2, 2)])

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x


torch.manual_seed(0)
m = Stack()
compiled = torch.compile(m)
x = torch.ones(1, 2)
compiled(x)
m.layers.append(torch.nn.Linear(2, 2))
compiled(x)
compiled(x)
