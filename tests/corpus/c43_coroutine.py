# A coroutine driven to completion inside the watched frame.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: generator@7
import torch

async def double(x):
    return x * 2

@torch.compile
def f(x):
    y = x + 1
    coroutine = double(y)
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value

f(torch.ones(2))
