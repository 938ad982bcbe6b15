"""sidefx: the frame replaces a slice of a list-of-ints argument (lst[1:3] = [...]) and deletes its first item; the list shrinks, so every call sees a new list -- test_list.py ListTest / list_tests.py CommonTest test_setslice / test_delslice."""
import torch


@torch.compile
def f(x, lst):
    lst[1:3] = [lst[1] + lst[2]]
    del lst[0]
    return x * sum(lst) + len(lst)


lst = [1, 2, 3, 4, 5, 6, 7, 8]
x = torch.ones(2)
print(f(x, lst))
print(f(x, lst))
print(f(x, lst))
print(lst)
