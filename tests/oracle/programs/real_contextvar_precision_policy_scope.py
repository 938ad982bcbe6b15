"""real: a small layers library keeps its activation-checkpointing/precision policy in a contextvars.ContextVar (policy scoped with a `with compute_policy(scale_logits=..., softcap=...)` context manager that sets/resets the var, as libraries do to stay thread- and async-safe); the compiled attention-logit function reads _POLICY.get() each call, and the script scores under the default policy, inside a scope with soft-capping, and after the scope ends -- ContextVar-based configuration scopes (e.g. Flax/haiku-style policies ported to PyTorch, Gemma-2 logit soft-capping)."""
import contextlib
import contextvars
import torch
import torch.nn as nn
torch.manual_seed(0)

_POLICY = contextvars.ContextVar("policy", default={"softcap": None, "scale": 1.0})


@contextlib.contextmanager
def compute_policy(**kw):
    token = _POLICY.set(dict(_POLICY.get(), **kw))
    try:
        yield
    finally:
        _POLICY.reset(token)


proj = nn.Linear(6, 6)


@torch.compile
def attn_logits(q, k):
    policy = _POLICY.get()
    logits = proj(q) @ k.transpose(-1, -2) * policy["scale"]
    if policy["softcap"] is not None:
        logits = policy["softcap"] * torch.tanh(logits / policy["softcap"])
    return logits.softmax(-1)


q = torch.randn(2, 4, 6) * 3
k = torch.randn(2, 4, 6) * 3
with torch.no_grad():
    print("default", round(attn_logits(q, k).max().item(), 5))
    with compute_policy(softcap=2.0):
        print("softcap2", round(attn_logits(q, k).max().item(), 5))
        with compute_policy(scale=0.5):
            print("softcap2 scale.5", round(attn_logits(q, k).max().item(), 5))
    print("default again", round(attn_logits(q, k).max().item(), 5))
