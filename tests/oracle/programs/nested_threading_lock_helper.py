"""nested: a helper two calls deep takes a threading.Lock in a with block (registry bookkeeping, as transformers installs its output-capturing hooks) between tensor ops; the global it updates is read only under the lock -- test_ctx_manager.py unsupported context manager in an inlined function."""
import threading
import torch

_lock = threading.Lock()
registry = {}


def install(name):
    with _lock:
        registry[name] = registry.get(name, 0) + 1
    return registry[name]


def helper(x):
    y = x.cos()
    install("a")
    return y * 2


@torch.compile
def f(x):
    a = x.sin()
    b = helper(a)
    return b + 1


x = torch.ones(3)
for _ in range(3):
    print(f(x).sum().item())
print(registry)
