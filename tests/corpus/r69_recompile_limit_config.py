# The program's own torch._dynamo.config.recompile_limit bounds the entries
# (Dynamo's gb0039): the refused recompile is recorded with its reasons and the
# frame runs uncompiled from then on. automatic_dynamic_shapes=False keeps the
# int static.
# expect-entries: 2
# expect-reason: 0/0: n == 0
import torch
import torch._dynamo

torch._dynamo.config.recompile_limit = 2
torch._dynamo.config.automatic_dynamic_shapes = False

@torch.compile
def f(x, n):
    return x + n

for n in range(5):
    f(torch.ones(2), n)
