"""recomp: a version tuple argument compared lexicographically (>=, ==, slicing, count) picks code paths; tuples of other lengths and values recompile -- test_tuple.py TupleTest test_lexicographic_ordering / seq_tests test_count."""
import torch


@torch.compile
def f(x, ver):
    if ver >= (2, 1):
        x = x * 2
    if ver[:2] == (2, 1):
        x = x + 1
    return x * (ver.count(0) + len(ver))


x = torch.ones(2)
print(f(x, (2, 1)))
print(f(x, (2, 1)))
print(f(x, (2, 1, 0)))
print(f(x, (1, 9, 0)))
print(f(x, (3,)))
