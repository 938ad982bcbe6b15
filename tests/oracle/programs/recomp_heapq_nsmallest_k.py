"""recomp: heapq.nsmallest/nlargest with a key over a list of (score, index) pairs passed in; k and the scores change between calls -- test_heapq.py _TestHeap test_nsmallest / test_nlargest."""
import heapq
import torch


@torch.compile
def pick(x, scored, k):
    lo = heapq.nsmallest(k, scored, key=lambda p: p[0])
    hi = heapq.nlargest(1, scored)
    idx = [i for _, i in lo]
    return x[idx].sum(0) - x[hi[0][1]]


x = torch.arange(12.0).reshape(4, 3)
scored = [(0.5, 0), (0.1, 1), (0.9, 2), (0.3, 3)]
print(pick(x, scored, 2))
print(pick(x, list(scored), 2))
print(pick(x, scored, 3))
scored[2] = (0.05, 2)
print(pick(x, scored, 3))
