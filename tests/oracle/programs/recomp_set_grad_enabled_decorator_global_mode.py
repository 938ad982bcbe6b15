"""recomp: torch.set_grad_enabled(MODE) used as a decorator on a function defined inside the compiled frame; the global MODE flips between calls -- test_ctx_manager.py test_context_wrapping_set_grad_enabled_nested_function."""
import torch

MODE = False

@torch.compile(fullgraph=True)
def f(x):
    with torch.set_grad_enabled(not MODE):
        @torch.set_grad_enabled(MODE)
        def inner(t):
            return t.sin() * 2

        assert torch.is_grad_enabled() == (not MODE)
    with torch.set_grad_enabled(not MODE):
        return inner(x)

x = torch.zeros(6, requires_grad=True)
print(f(x).requires_grad)
print(f(x).requires_grad)
MODE = True
print(f(x).requires_grad)
MODE = False
print(f(x).requires_grad)
