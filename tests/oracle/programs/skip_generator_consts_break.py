"""skip: next() on a generator of ints that breaks between its yields; nothing tensor-valued is left to compile before the return -- test_generator.py test_graph_break_in_generator."""
import torch
import torch._dynamo

def numbers():
    yield 1
    torch._dynamo.graph_break()
    yield 2

@torch.compile
def f(t):
    gen = numbers()
    s = next(gen)
    s += next(gen)
    return t + s

f(torch.ones(2))
f(torch.ones(2))
