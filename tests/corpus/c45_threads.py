# Threads calling one compiled function at once: one of them is recorded,
# the others wait for it (as under Dynamo's compile lock) and hit its entry.
# expect-hits: 7
# expect-graphs: 1
# expect-ops: 2
# expect-breaks: none
import threading
import torch

@torch.compile
def f(x):
    return x.sin() * 2

threads = [threading.Thread(target=f, args=(torch.ones(64),)) for _ in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
