# An enum member chooses the activation.
# expect-entries: 2
# expect-reason: 0/0: mode is Mode.RELU
import enum

import torch


class Mode(enum.Enum):
    RELU = 1
    TANH = 2


@torch.compile
def f(x, mode):
    return torch.relu(x) if mode is Mode.RELU else torch.tanh(x)


f(torch.ones(2), Mode.RELU)
f(torch.ones(2), Mode.RELU)
f(torch.ones(2), Mode.TANH)
