"""recomp: a replay-buffer object with __len__ and __getitem__ over a list attribute; the loop `for i in range(len(buf))` sums its tensors; items are appended and one is replaced between calls -- test_misc.py user-defined sequence protocol."""
import torch

torch.manual_seed(0)


class Buffer:
    def __init__(self):
        self._items = []

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def push(self, t):
        self._items.append(t)


@torch.compile
def total(buf, x):
    acc = x.clone()
    for i in range(len(buf)):
        acc = acc + buf[i]
    return acc


x = torch.zeros(3)
b = Buffer()
b.push(torch.ones(3))
print(total(b, x).tolist())
b.push(torch.full((3,), 2.0))
print(total(b, x).tolist())
b._items[0] = torch.full((3,), 10.0)
print(total(b, x).tolist())
b._items[1].mul_(3)
print(total(b, x).tolist())
