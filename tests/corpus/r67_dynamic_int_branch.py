# A Python branch on an int made dynamic: a dynamic entry is settled on every hit
# (recorded again and compared), so a value that takes the other branch is a new
# entry, never a wrong hit; the int stays dynamic in that entry (Dynamo keeps it
# dynamic in later compiles of the frame), so later values of either branch hit.
# expect-entries: 3
# expect-reason: 0/0: n == 2
# expect-dynamic: automatic dynamic int n val 3 != 2
# expect-dynamic: automatic dynamic int n: dynamic since an earlier entry
# expect-hits: 3
import torch

@torch.compile
def f(x, n):
    if n > 4:
        return x * n
    return x + n

x = torch.ones(3)
for n in (2, 3, 5, 4, 6, 7):
    f(x, n)
