# .item() in a for loop: the break stands in a loop, so Dynamo skips the
# whole frame (gb7000) and compiles nothing (measured: 0 frames, 0 graphs);
# dynx reports the first break and no graphs.
# expect-graphs: 0
# expect-breaks: tensor-to-python@11
import torch

@torch.compile
def f(x):
    for _ in range(2):
        x = x + x.sum().item()
    return x

f(torch.ones(2))
