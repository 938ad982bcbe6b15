# A dict argument: its keys.
# expect-entries: 2
# expect-reason: 0/0: list(batch.keys()) == ['a']
import torch

@torch.compile
def f(batch):
    return sum(batch.values())

f({"a": torch.ones(2)})
f({"a": torch.ones(2), "b": torch.ones(2)})
