"""recomp: a compiled module's helper method is called first with a tensor, then with an int -- _repros_part1.py test_guard_ordering_shape_fail."""
import torch


class Mock(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.relu = torch.nn.ReLU()

    def clip(self, x):
        if isinstance(x, torch.Tensor):
            if x.shape[0] > 3:
                return self.relu(x).sum()
            return x.sum()
        return max(x, 0)

    def forward(self, x):
        return self.clip(x)


cm = torch.compile(Mock())
print(cm(torch.ones(5, 5)))
print(cm(-3))
print(cm(7))
print(cm(-1))
