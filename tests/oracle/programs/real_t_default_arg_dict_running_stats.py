"""real: a compiled feature-normalisation helper that keeps its running mean in a mutable default argument (def normalize(x, stats={}): the classic memo idiom), filling it on the first call and updating it in place on later ones, then the caller resets it through normalize.__defaults__[0].clear() -- running statistics in a default dict."""
import torch
torch.manual_seed(0)


@torch.compile
def normalize(x, momentum=0.5, stats={}):
    if "mean" not in stats:
        stats["mean"] = x.mean(0).detach()
        stats["n"] = 1
    else:
        stats["mean"] = momentum * stats["mean"] + (1 - momentum) * x.mean(0).detach()
        stats["n"] += 1
    return x - stats["mean"]


fn_defaults = normalize.__wrapped__.__defaults__ if hasattr(normalize, "__wrapped__") else None
for i in range(3):
    out = normalize(torch.randn(4, 3) + i)
    print(i, round(out.abs().sum().item(), 4))
stats = fn_defaults[1] if fn_defaults else None
print(stats["n"], round(stats["mean"].sum().item(), 4))
stats.clear()
out = normalize(torch.ones(4, 3) * 5)
print(round(out.abs().sum().item(), 4), stats["n"])
