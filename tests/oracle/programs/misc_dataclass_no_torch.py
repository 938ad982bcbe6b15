"""misc: a skipped frame calls a helper that takes its tensors in a dataclass and names no torch global: Dynamo does not compile the helper -- convert_frame has_tensor_in_frame."""
import dataclasses
import torch


@dataclasses.dataclass
class Batch:
    x: object
    y: object


def combine(batch):
    return batch.x.sin() + batch.y


def scale(t):
    return t * 2


@torch.compile
def step(batches):
    out = []
    for b in batches:
        print("batch")
        out.append(scale(combine(b)))
    return out


step([Batch(torch.ones(3), torch.ones(3))])
step([Batch(torch.ones(3), torch.ones(3))])
