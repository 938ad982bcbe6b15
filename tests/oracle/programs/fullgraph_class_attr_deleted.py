"""fullgraph: a class attribute read through an instance argument is deleted between calls -- _repros_part1.py test_issue111522."""
import torch


class Scale:
    a = 2


@torch.compile(fullgraph=True)
def f(x, obj):
    return x + obj.a


print(f(torch.zeros(2), Scale()))
print(f(torch.zeros(2), Scale()))
del Scale.a
try:
    f(torch.zeros(2), Scale())
except Exception as e:
    print("caught", type(e).__name__)
Scale.a = 3
print(f(torch.zeros(2), Scale()))
