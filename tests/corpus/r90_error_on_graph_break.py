# torch._dynamo.error_on_graph_break(True) inside a function the compiled
# frame calls: the print there is an error, Dynamo's Unsupported (gb0059) out
# of the call, and nothing of the frame is compiled; the same break outside
# that context (flag False) is an ordinary break. Measured under torch 2.13's
# Dynamo: the exception at the first call, then 2 graphs around the print.
# expect-graphs: 2
# expect-breaks: side-effect@14
import torch
import torch._dynamo


def log_and_scale(x, strict):
    with torch._dynamo.error_on_graph_break(strict):
        print("scaling")
    return x * 2


@torch.compile
def f(x, strict):
    return log_and_scale(x + 1, strict)


try:
    f(torch.ones(3), True)
    raise SystemExit("no Unsupported raised")
except torch._dynamo.exc.Unsupported as e:
    assert "gb0059" in str(e), str(e)
print(f(torch.ones(3), False))
