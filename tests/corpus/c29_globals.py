# A global tensor is a graph input named G['W'].
# expect-graphs: 1
# expect-ops: 2
# expect-breaks: none
import torch

W = torch.eye(3) * 2

@torch.compile
def f(x):
    return torch.relu(x @ W)

f(torch.randn(2, 3))
