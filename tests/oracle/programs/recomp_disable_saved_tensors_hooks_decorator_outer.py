"""recomp: a helper decorated with torch.autograd.graph.disable_saved_tensors_hooks inside a fullgraph function; called plain, then inside an outer disable_saved_tensors_hooks block -- test_ctx_manager.py test_disable_saved_tensors_hooks / _prev_disabled."""
import torch

@torch.compile(fullgraph=True)
def f(z):
    @torch.autograd.graph.disable_saved_tensors_hooks("not supported here")
    def add(x, y):
        return x + y

    return add(z, torch.ones(3)) * 2

z = torch.zeros(3)
print(f(z))
print(f(z))
with torch.autograd.graph.disable_saved_tensors_hooks("previously disabled"):
    print(f(z))
print(f(z))
