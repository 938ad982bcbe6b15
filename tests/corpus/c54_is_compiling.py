# torch.compiler.is_compiling() and torch._dynamo.is_compiling() answer True
# while the watched frame is recorded, as Dynamo's tracing answers them, and
# False outside: the frame takes its compiled path (no print, no break).
# expect-graphs: 1
# expect-ops: 1
# expect-breaks: none
import torch
import torch._dynamo


@torch.compile
def f(x):
    if torch.compiler.is_compiling() and torch._dynamo.is_compiling():
        return x + 1
    print("eager path")
    return x - 1


assert not torch.compiler.is_compiling()
f(torch.ones(3))
assert not torch.compiler.is_compiling()
