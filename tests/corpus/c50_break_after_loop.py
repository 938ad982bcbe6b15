# A break after a loop (no jump back past it) splits the frame as usual: two
# graphs, nothing skipped.
# expect-graphs: 2
# expect-breaks: side-effect@13
import torch


@torch.compile
def f(x):
    for i in range(3):
        x = x + i
    x = x * 2
    print("done")
    return x.relu()


f(torch.ones(2))
