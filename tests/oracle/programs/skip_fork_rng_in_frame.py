"""skip: torch.random.fork_rng() around a manual_seed and torch.rand in the compiled function, so the outer RNG stream is not consumed -- test_ctx_manager.py torch.random.fork_rng / RNG state context managers."""
import torch

@torch.compile
def f(x):
    y = x + 1
    with torch.random.fork_rng():
        torch.manual_seed(123)
        noise = torch.rand(3)
    return y + noise

torch.manual_seed(0)
x = torch.zeros(3)
a = f(x)
b = f(x)
print(torch.equal(a, b), torch.rand(1))
