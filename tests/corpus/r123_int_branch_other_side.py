# An int argument compared with `==` in a branch: the second value takes the
# other way, so the two recordings differ in more than the number. Dynamo's
# frame state makes the int dynamic at its first change anyway; the new
# entry is symbolic in it and serves the later values of that side (3, 7,
# 8), while 2 is still entry 0/0's (measured under torch 2.13: 1 recompile).
# An int the frame passes to range() stays specialised (Dynamo: `n == 3`).
# expect-entries: 2
# expect-reason: 0/0: y == 2
# expect-dynamic: automatic dynamic int y val 3 != 2
# expect-hits: 5
import torch


@torch.compile
def fn(x, y):
    x = x + y
    if y == 2:
        return x - 1
    return x + 1


for y in (2, 2, 3, 3, 7, 8, 2):
    fn(torch.tensor([5.0]), y)
