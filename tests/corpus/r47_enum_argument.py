# An enum member chooses the activation.
# expect-entries: 2
# expect-reason: 0/0: ___check_obj_id(mode, <id>), type=<class '__main__.Mode'>  # expected Mode.RELU, found Mode.TANH
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
