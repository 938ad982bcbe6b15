"""recomp: a bounded collections.deque of tensors is appended to inside the frame; it fills up to maxlen, then stays the same length -- test_collections.py / test_deque-style deque guards (append with maxlen)."""
import collections
import torch

history = collections.deque(maxlen=3)


@torch.compile
def smooth(x):
    history.append(x * 1.0)
    total = torch.zeros_like(x)
    for h in history:
        total = total + h
    return total / len(history)


for i in range(6):
    print(smooth(torch.full((2,), float(i))))
assert len(history) == 3
