# A coroutine driven to completion inside the watched frame, inside a try
# block: no resume after a break there, and the graph holds one operation
# before it, so the frame is skipped (Dynamo 2.13 compiles 1 graph here: its
# checkpoint rule counts calls dynx does not see; see README, try blocks).
# expect-graphs: 0
# expect-breaks: generator@9
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
