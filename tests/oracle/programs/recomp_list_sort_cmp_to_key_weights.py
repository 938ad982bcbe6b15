"""recomp: a list of ints sorted inside the frame with functools.cmp_to_key; the sorted order indexes a tensor, and new contents recompile -- test_list.py ListTests test_sort_cmp_to_key."""
import functools
import torch


def by_descending(a, b):
    return (a < b) - (a > b)


@torch.compile
def pick(table, order):
    ranked = list(order)
    ranked.sort(key=functools.cmp_to_key(by_descending))
    return table[ranked[0]] - table[ranked[-1]]


table = torch.arange(10.0) ** 2
print(pick(table, [1, 3, 2]))
print(pick(table, [1, 3, 2]))
print(pick(table, [2, 3, 1]))
print(pick(table, [5, 0, 9]))
