"""recomp: the frame branches on torch.get_num_threads(); the thread count is changed between calls -- test_guard_manager.py global state read in a frame."""
import torch

torch.set_num_threads(1)


@torch.compile
def fn(x):
    if torch.get_num_threads() > 1:
        return x * 2
    return x + 1


x = torch.ones(3)
print(round(fn(x).sum().item(), 4))
torch.set_num_threads(2)
print(round(fn(x).sum().item(), 4))
torch.set_num_threads(1)
print(round(fn(x).sum().item(), 4))
