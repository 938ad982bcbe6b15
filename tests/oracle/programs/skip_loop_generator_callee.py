"""skip: a frame skipped for a break in its loop runs a generator of the program uncompiled: Dynamo tries to compile the generator's frame and gives up (gb0003) -- test_generator.py."""
import torch
import torch._dynamo

def gen(x):
    yield x.sin()
    yield x.cos()

@torch.compile
def f(x):
    for i in range(2):
        x = x + 1
        torch._dynamo.graph_break()
    return sum(gen(x))

f(torch.ones(3))
