# A tensor inside a tuple argument: guarded through the tuple.
# expect-entries: 2
# expect-reason: 0/0: tensor 'pair[1]' size mismatch at index 0. expected 2, actual 5
import torch

@torch.compile
def f(pair):
    return pair[0].sum() + pair[1].sum()

f((torch.ones(2), torch.ones(2)))
f((torch.ones(2), torch.ones(5)))
