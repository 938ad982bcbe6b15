# nn.Parameter(t) made inside the compiled code is a graph break in torch
# 2.13 (gb0264, graph_break_on_nn_param_ctor): the constructor runs eagerly
# and the code after it is a resume function (2 graphs). F.one_hot with its
# num_classes is no break: its eager kernel's range check (.item() of the
# indices' min and max) is not Dynamo's, whose fake kernel checks nothing.
# expect-graphs: 3
# expect-breaks: parameter-constructor@15
import torch
import torch.nn as nn
import torch.nn.functional as F


@torch.compile(backend="eager")
def f(x):
    p = nn.Parameter(x * 2)
    return p + 1


@torch.compile(backend="eager")
def g(idx):
    return F.one_hot(idx, 8).float().sum(0)


for _ in range(2):
    print(f(torch.ones(3)).sum().item(), g(torch.tensor([1, 3, 3])).tolist())
