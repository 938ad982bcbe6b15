# The intra-op thread count is global state.
# expect-entries: 2
# expect-reason: 0/0: GLOBAL_STATE changed: num_threads
import torch

@torch.compile
def f(x):
    return x @ x

torch.set_num_threads(2)
f(torch.ones(4, 4))
torch.set_num_threads(1)
f(torch.ones(4, 4))
