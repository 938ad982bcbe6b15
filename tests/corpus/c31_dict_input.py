# Tensors in a dict argument are inputs L['batch']['key'].
# expect-graphs: 1
# expect-ops: 2
# expect-breaks: none
import torch

@torch.compile
def f(batch):
    return (batch["a"] - batch["b"]).abs()

f({"a": torch.ones(2), "b": torch.full((2,), 3.0)})
