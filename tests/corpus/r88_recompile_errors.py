# Settings that make torch.compile raise instead of compiling, as a test
# suite uses them to hold a model to no recompiles: under
# torch.compiler.set_stance("fail_on_recompile") any call no cache entry
# serves raises RuntimeError (a first compile too); with
# torch._dynamo.config.error_on_recompile a recompile raises RecompileError,
# every time, and makes no entry. The program checks it got each exception,
# in Dynamo's words (exits 1 otherwise). Measured under torch 2.13's Dynamo:
# the same output, 1 graph, the hits below.
# expect-graphs: 1
# expect-breaks: none
# expect-entries: 1
# expect-hits: 2
import torch
import torch._dynamo


@torch.compile
def f(x):
    return x * 2 + 1


seen = []
with torch.compiler.set_stance("fail_on_recompile"):
    try:
        f(torch.ones(3))
    except RuntimeError as e:
        seen.append(str(e).split(".")[0])
f(torch.ones(3))
f(torch.ones(3))
torch._dynamo.config.error_on_recompile = True
for _ in range(2):
    try:
        f(torch.ones(3, dtype=torch.float64))
    except torch._dynamo.exc.RecompileError as e:
        seen.append(str(e).splitlines()[-1].strip())
f(torch.ones(3))
torch._dynamo.config.error_on_recompile = False
print(seen)
assert seen == ["Detected recompile when torch", "- 0/0: tensor 'x' dtype mismatch. expected Float, actual Double",
                "- 0/0: tensor 'x' dtype mismatch. expected Float, actual Double"], seen
