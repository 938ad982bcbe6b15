# With --cache-limit 2, the third distinct shape is not recorded and the
# frame runs unrecorded from then on; frames.json says why.
# dynx-args: --cache-limit 2
# expect-entries: 2
# expect-reason: 0/0: tensor 'x' size mismatch at index 0. expected 1, actual 2
import torch

@torch.compile
def f(x):
    return x + 1

for n in range(1, 6):
    f(torch.ones(n))
