# The automatic policy (the outermost nn.Module.forward) is for programs
# that do not compile: re.compile is not torch.compile, so this script's
# forward is watched (the eager call's graph).
# expect-graphs: 1
# expect-ops: 3
# expect-breaks: none
import re

import torch

PATTERN = re.compile(r"layer(\d+)")


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = torch.nn.Parameter(torch.ones(2))

    def forward(self, x):
        return (x * self.scale).relu().sum()


print(PATTERN.match("layer3").group(1), Net()(torch.randn(2)).shape)
