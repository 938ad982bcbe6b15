# The first call of a compiled function traces no tensor operation (its
# flag is off) and returns without a graph break: Dynamo raises SkipFrame
# ("No ops traced for the FX graph") and never compiles the function again,
# even when later calls compute (measured under torch 2.13: 0 graphs). dynx
# says it will not be compiled at all, and records none of the later calls.
# expect-graphs: 0
# expect-entries: 1
# expect-breaks: none
import torch

ENABLED = False


@torch.compile
def maybe_scale(x):
    return x * 2 if ENABLED else x


maybe_scale(torch.ones(2))
ENABLED = True
maybe_scale(torch.ones(2))
maybe_scale(torch.ones(3))
