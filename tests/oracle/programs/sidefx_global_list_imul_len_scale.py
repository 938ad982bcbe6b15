"""sidefx: a global list is grown in place with `*=` inside the frame and its length scales the tensor, so every call sees a new length -- test_list.py ListTests test_binop_imul_global_list."""
import torch

tags = ["a", "b"]


@torch.compile
def step(x):
    global tags
    scale = len(tags)
    tags *= 2
    return x * scale


x = torch.ones(2)
print(step(x))
print(step(x))
print(step(x))
assert len(tags) == 16
