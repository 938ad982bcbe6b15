"""misc: four threads each call a compiled function with their own dtype -- test_misc.py threaded compile (issue 13)."""
import threading
import torch

@torch.compile
def f(x):
    return x + 1

def work(dt):
    f(torch.ones(3, dtype=dt))

dtypes = [torch.float32, torch.float64, torch.int32, torch.int64]
for dt in dtypes:
    t = threading.Thread(target=work, args=(dt,))
    t.start()
    t.join()
