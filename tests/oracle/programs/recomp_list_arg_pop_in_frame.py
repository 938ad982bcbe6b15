"""recomp: a work queue (list of tensors) passed in is popped inside the frame, so each call sees a shorter list -- test_list.py ListTests test_pop."""
import torch


@torch.compile
def drain(acc, queue):
    item = queue.pop(0)
    return acc + item * len(queue)


queue = [torch.full((2,), float(i)) for i in range(1, 5)]
acc = torch.zeros(2)
while queue:
    acc = drain(acc, queue)
    print(acc)
