"""sidefx: the frame rebinds a global tensor accumulator (global statement) on every call -- test_global.py test_store_global_tensor."""
import torch

running = torch.zeros(3)
steps = 0


@torch.compile
def accumulate(x):
    global running
    running = running * 0.5 + x
    return running.sum()


for i in range(4):
    print(accumulate(torch.full((3,), float(i))))
print(running)
steps = 1
running = torch.zeros(5)
print(accumulate(torch.ones(5)))
