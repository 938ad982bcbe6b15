"""real: a training library keeps its per-thread numerics settings in a threading.local() object (_state.settings, a dict replaced by a `with settings(...)` scope, the way libraries keep thread-safe global modes); the compiled loss reads _state.settings for its label-smoothing and z-loss coefficient; the trainer changes the scope between phases -- thread-local configuration (threading.local) read inside a compiled loss, e.g. PaLM-style z-loss."""
import contextlib
import threading
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

_state = threading.local()
_state.settings = {"label_smoothing": 0.0, "z_loss": 0.0}


@contextlib.contextmanager
def settings(**kw):
    old = _state.settings
    _state.settings = dict(old, **kw)
    try:
        yield
    finally:
        _state.settings = old


model = nn.Linear(6, 4)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def loss_fn(x, y):
    s = _state.settings
    logits = model(x)
    loss = F.cross_entropy(logits, y, label_smoothing=s["label_smoothing"])
    if s["z_loss"] > 0:
        loss = loss + s["z_loss"] * logits.logsumexp(-1).pow(2).mean()
    return loss


x = torch.randn(5, 6) * 2
y = torch.tensor([0, 1, 2, 3, 0])
for step in range(4):
    if step == 0:
        ctx = contextlib.nullcontext()
    elif step == 1:
        ctx = settings(label_smoothing=0.1)
    else:
        ctx = settings(label_smoothing=0.1, z_loss=0.5)
    with ctx:
        loss = loss_fn(x, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 5))
