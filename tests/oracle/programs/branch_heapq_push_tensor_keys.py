"""branch: heapq.heappush of 0-d tensor scores compares tensors (bool of a tensor comparison) inside the frame -- test_heapq.py _TestHeap test_comparison_operator (items compared by __lt__)."""
import heapq
import torch


@torch.compile
def best_two(scores):
    heap = []
    for i in range(scores.shape[0]):
        heapq.heappush(heap, scores[i])
    a = heapq.heappop(heap)
    b = heapq.heappop(heap)
    return a + b


print(best_two(torch.tensor([3.0, 1.0, 2.0])))
print(best_two(torch.tensor([0.5, 4.0, -1.0])))
