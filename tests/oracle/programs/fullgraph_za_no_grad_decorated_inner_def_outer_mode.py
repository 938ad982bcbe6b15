"""fullgraph: inside an enable_grad block the compiled function defines an inner function decorated with @torch.no_grad() and calls it under enable_grad again; called normally and under an outer no_grad (grad mode is guarded at entry) -- test_ctx_manager.py test_context_wrapping_grad_mode_nested_function_decorator."""
import torch


@torch.compile(backend="eager", fullgraph=True)
def fn(x):
    with torch.enable_grad():

        @torch.no_grad()
        def inner_func(t):
            return t.sin()

        assert torch.is_grad_enabled()

    with torch.enable_grad():
        return inner_func(x) + x * 2


x = torch.zeros(3, requires_grad=True)
out = fn(x)
print(out.requires_grad, out.tolist())
with torch.no_grad():
    out = fn(x)
print(out.requires_grad, out.tolist())
out = fn(x)
print(out.requires_grad)
