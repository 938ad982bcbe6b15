# A torch.Size passed as the target shape of a reshape.
# expect-entries: 2
# expect-reason: 0/0: shape[0] == 2
import torch


@torch.compile
def f(x, shape):
    return x.reshape(shape)


f(torch.ones(6), torch.Size([2, 3]))
f(torch.ones(6), torch.Size([3, 2]))
