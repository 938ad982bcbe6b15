"""recomp: a global heap of (priority, row) pairs is popped and pushed with heapq inside the frame; each call sees the heap left by the last -- test_heapq.py _TestHeap test_push_pop."""
import heapq
import torch

PENDING = [(3, 2), (1, 0), (2, 1)]
heapq.heapify(PENDING)


@torch.compile
def step(table, bias):
    prio, row = heapq.heappop(PENDING)
    heapq.heappush(PENDING, (prio + 3, row))
    return table[row] * prio + bias


table = torch.arange(9.0).reshape(3, 3)
b = torch.ones(3)
for _ in range(4):
    print(step(table, b))
print(PENDING)
