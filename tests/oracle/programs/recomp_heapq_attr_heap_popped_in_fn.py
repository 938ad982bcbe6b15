"""recomp: heapq.heappop on a heap kept on an object attribute, inside the compiled function; the popped value scales the output, so each call pops a different one -- test_heapq.py test_heappop / test_heapq.py."""
import heapq
import torch


class Sched:
    def __init__(self):
        self.heap = [5.0, 1.0, 3.0, 2.0]
        heapq.heapify(self.heap)


s = Sched()


@torch.compile(backend="eager")
def f(x):
    k = heapq.heappop(s.heap)
    return x * k


x = torch.ones(2)
for _ in range(3):
    print(f(x).sum().item(), len(s.heap))
