"""nested: helper decorated with @torch.inference_mode() prints (graph break) and is called from a compiled fn."""
import torch

torch.manual_seed(0)


@torch.inference_mode()
def summarize(t):
    m = t.mean()
    print("mean computed")
    return m * 2


@torch.compile(backend="eager")
def f(x):
    a = x.sin()
    s = summarize(a)
    return a + 1, s


for n in (3, 3, 3):
    out, s = f(torch.arange(n, dtype=torch.float32))
    print(out.sum().item(), s.item())
