"""nested: a module's forward calls a method of a registry object that counts calls under `with self._lock:` (an RLock), then uses the count's parity on the Python side only in eager code -- test_ctx_manager.py unsupported context manager (lock) in a method Dynamo inlines."""
import threading
import torch


class Registry:
    def __init__(self):
        self._lock = threading.RLock()
        self.calls = 0

    def bump(self, x):
        y = x * 3
        with self._lock:
            self.calls += 1
        return y - 1


REG = Registry()


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        h = self.lin(x).relu()
        h = REG.bump(h)
        return h.sum(dim=-1)


torch.manual_seed(0)
net = Net()
cnet = torch.compile(net)
for i in range(3):
    print([round(v, 4) for v in cnet(torch.randn(2, 4)).tolist()])
print(REG.calls)
