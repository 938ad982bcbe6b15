# A Python int argument: specialised first, dynamic once it changes (torch 2.13's
# automatic dynamic, specialize_int=False); later values are hits of the dynamic
# entry, whose graph names the int as a symbol. Checked against Dynamo by the
# oracle (recomp_python_int).
# expect-entries: 2
# expect-graphs: 2
# expect-reason: 0/0: n == 2
# expect-dynamic: automatic dynamic int n val 3 != 2
# expect-hits: 3
import torch

@torch.compile
def f(x, n):
    return x.repeat(n) * n

x = torch.ones(3)
for n in (2, 3, 4, 5, 7):
    f(x, n)
