# NumPy on a tensor's array inside a compiled function, traced as torch 2.13
# traces it (config.trace_numpy; measured against Dynamo: test_misc.py
# test_numpy_*): x.numpy(), np.sin, an operator with a NumPy constant, a
# reshape and a reduction become the graph's operators; torch.from_numpy
# gives the graph's tensor back, so a second call with other values is a
# hit of the same entry (no recompile) whose replay computes it. A branch
# on a NumPy value is a data-dependent branch, each way its own resume
# (the third call takes the first way again: a hit).
# expect-graphs: 4
# expect-ops: 10 7 2 2
# expect-breaks: data-dependent-branch@28
# expect-entries: 3
# expect-hits: 3
import numpy as np
import torch


@torch.compile
def features(x):
    a = x.numpy()
    b = np.sin(a) * 2 + np.ones(a.shape)
    return torch.from_numpy(b.reshape(2, -1).mean(axis=1))


@torch.compile
def gate(x):
    a = np.abs(x.numpy()) - 1
    if a.max() > 0:
        return torch.from_numpy(a) * 2
    return torch.from_numpy(a) - x


for i in range(3):
    features(torch.arange(4.0) + i)
gate(torch.ones(3))
gate(torch.full((3,), 3.0))
gate(torch.full((3,), 2.0))
