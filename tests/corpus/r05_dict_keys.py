# A dict argument: its keys (worded as Dynamo's dict guard fails: its size first).
# expect-entries: 2
# expect-reason: 0/0: len(batch) != 1
import torch

@torch.compile
def f(batch):
    return sum(batch.values())

f({"a": torch.ones(2)})
f({"a": torch.ones(2), "b": torch.ones(2)})
