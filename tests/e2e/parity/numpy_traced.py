"""NumPy code on a tensor's array inside a compiled function (traced by torch 2.13): the same values and types as python, and arrays that leave the function are plain NumPy arrays."""
import pickle

import numpy as np
import torch


@torch.compile
def stats(x):
    a = x.numpy()
    b = np.sin(a) * 2 + np.ones(a.shape)
    c = np.concatenate([b, b[::-1]]).reshape(2, -1).T
    return torch.from_numpy(c.mean(axis=1)) + 1, c


@torch.compile
def bump(x):
    a = x.numpy()
    a += 1
    a[0] = 7
    return torch.as_tensor(a.sum()), np.array(a) / 2


for i in range(3):
    x = torch.arange(4.0) + i
    out, arr = stats(x)
    print([round(v, 4) for v in out.tolist()], type(arr).__name__, type(arr).__module__, arr.shape, arr.dtype)
    print(repr(np.round(arr[0], 3)), round(float(arr.max()), 4), [round(float(v), 4) for v in arr[1]])
    print(pickle.loads(pickle.dumps(arr)).shape, isinstance(arr, np.ndarray), np.asarray(arr).sum().round(3))

y = torch.zeros(3)
total, half = bump(y)
print(total.item(), y.tolist(), half.tolist(), type(half).__name__)
