# Dispatch key sets, as Dynamo's TENSOR_MATCH compares them: a tensor made
# under torch.inference_mode() has no autograd keys and a conjugate view has
# the Conjugate key, so each is an entry of its own; a call made inside an
# eager torch.vmap is one Dynamo refuses to trace (gb0149): the frame is
# given up on and its later calls run eagerly, with no entry recorded for
# the batched call (before, dynx recorded one whose graph was wrong).
# expect-entries: 3
# expect-unsound: 0
# expect-breaks: functorch@?
# expect-reason: 0/0: tensor 'x' dispatch key set mismatch. expected DispatchKeySet(CPU, BackendSelect, ADInplaceOrView, AutogradCPU), actual DispatchKeySet(CPU, BackendSelect, ADInplaceOrView)
import torch


@torch.compile
def fn(x):
    return (x * 2).sum()


torch.manual_seed(0)
x = torch.randn(3, 4)
fn(x)
with torch.inference_mode():
    xi = torch.randn(3, 4)
fn(xi)
fn(x)
torch.vmap(fn)(x)
fn(x)
