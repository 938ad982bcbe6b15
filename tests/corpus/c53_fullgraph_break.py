# torch.compile(fullgraph=True) turns the first graph break into Dynamo's
# Unsupported error out of the call: nothing of the frame is compiled, no
# cache entry is made (each call fails again), no break is listed, and the
# frame's code after the break does not run. frames.json says why
# (fullgraph_error).
# expect-graphs: 0
# expect-entries: 0
# expect-breaks: none
import torch
import torch._dynamo

ran = []


@torch.compile(fullgraph=True)
def f(x):
    if x.sum() > 0:
        ran.append("after the break")
        return x + 1
    return x - 1


for _ in range(2):
    try:
        f(torch.ones(3))
    except torch._dynamo.exc.Unsupported as e:
        assert str(e).startswith("Data-dependent branching\n"), str(e)
    else:
        raise SystemExit("fullgraph=True did not raise")
assert not ran, ran
