# Threads calling one compiled function, each with its own dtype: every call
# is accounted for, as under Dynamo's compile lock (a call that misses while
# another thread records waits, then hits the new entry or records its own).
# expect-entries: 4
# expect-hits: 8
import threading
import torch


@torch.compile
def f(x):
    return x * 2 + 1


def run(dtype):
    for _ in range(3):
        f(torch.ones(4, dtype=dtype))


threads = [threading.Thread(target=run, args=(dt,)) for dt in (torch.float32, torch.float64, torch.int32, torch.int64)]
for t in threads:
    t.start()
for t in threads:
    t.join()
