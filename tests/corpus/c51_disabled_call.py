# A call of a torch.compiler.disable'd function: the graph breaks at the call
# (gb0098) and the function runs eagerly, unrecorded: its multiply is in no
# graph, and torch.compiler.is_compiling() is False inside it.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: disabled@18
import torch


@torch.compiler.disable
def helper(x):
    assert not torch.compiler.is_compiling()
    return x * 10


@torch.compile
def f(x):
    return helper(x.sin()).cos()


f(torch.ones(3))
