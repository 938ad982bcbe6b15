"""sidefx: the frame inserts into, reverses and deletes from its list argument, then reads it; the caller's list grows across calls -- test_list.py list mutation side effects."""
import torch


@torch.compile
def fn(lst, x):
    lst.insert(0, x.sum() * 10)
    lst.reverse()
    del lst[0]
    return x * len(lst) + lst[-1]


lst = [torch.tensor(1.0), torch.tensor(2.0)]
x = torch.ones(2)
for _ in range(3):
    out = fn(lst, x)
    print(out.sum().item(), len(lst), [round(t.item(), 2) for t in lst])
