# torch.compiler.disable(recursive=False) skips only the function's own frame:
# its add runs eagerly, while the function it calls is compiled as a frame of
# its own, so its sin is a graph of its own between the multiplies.
# expect-graphs: 3
# expect-ops: 1 1 1
# expect-breaks: disabled-frame@21
import torch


def inner(x):
    return x.sin()


@torch.compiler.disable(recursive=False)
def outer(x):
    return inner(x) + 1


@torch.compile
def f(x):
    return outer(x * 2) * 3


f(torch.ones(3))
