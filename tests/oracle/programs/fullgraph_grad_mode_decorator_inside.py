"""fullgraph: inside the compiled function torch.no_grad() / torch.enable_grad() wrap an inner function as decorators (both called and bare) under the inverse mode; called on inputs with and without requires_grad -- test_ctx_manager.py test_context_wrapping_grad_mode_decorator."""
import torch

@torch.compile(fullgraph=True)
def f(x):
    def inner(t):
        return t.sin()

    def inner2(t):
        return t.cos()

    with torch.enable_grad():
        wrapped = torch.no_grad()(inner)
        wrapped2 = torch.no_grad(inner2)
        assert torch.is_grad_enabled()
    with torch.enable_grad():
        return wrapped(x) + wrapped2(x) + x * 2

a = torch.zeros(4, requires_grad=True)
print(f(a).requires_grad)
print(f(a).requires_grad)
print(f(torch.zeros(4)).requires_grad)
with torch.no_grad():
    print(f(a).requires_grad)
