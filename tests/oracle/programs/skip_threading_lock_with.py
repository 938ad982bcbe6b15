"""skip: `with _lock:` (a threading.Lock global) and `with self._lock:` (an RLock on a module) inside compiled code: Dynamo cannot enter the lock and gives up on each function (transformers' output-capturing hook installation takes such a lock) -- test_ctx_manager.py unsupported context managers (gb0142)."""
import threading

import torch

_lock = threading.Lock()


@torch.compile
def f(x):
    x = x + 1
    with _lock:
        x = x * 2
    return x - 1


class Cached(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)
        self._lock = threading.RLock()

    def forward(self, x):
        y = self.lin(x)
        with self._lock:
            y = y.relu()
        return y * 2


torch.manual_seed(0)
print(f(torch.ones(2)).sum().item())
print(f(torch.ones(3)).sum().item())
m = torch.compile(Cached())
print(round(m(torch.ones(2, 3)).sum().item(), 4))
print(round(m(torch.ones(2, 3)).sum().item(), 4))
