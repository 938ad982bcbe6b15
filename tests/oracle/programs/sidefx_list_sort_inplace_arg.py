"""sidefx: a list of (score, row) pairs passed in is sorted in place (lst.sort(reverse=True)) inside the frame and its head picks a tensor row; the caller then changes one score -- test_sort.py TestBase / list_tests.py test_sort."""
import torch


@torch.compile
def f(table, lst):
    lst.sort(reverse=True)
    return table[lst[0][1]] * lst[0][0]


table = torch.arange(6.0).reshape(3, 2)
lst = [(1, 0), (3, 1), (2, 2)]
print(f(table, lst))
print(f(table, lst))
lst[2] = (9, 0)
print(f(table, lst))
print(lst)
