# torch.save works on tensors outside the graph's operators.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: skipped-function@11
import io
import torch

@torch.compile
def f(x):
    y = x.sqrt()
    torch.save(y, io.BytesIO())
    return y.log()

f(torch.ones(2) * 4)
