"""nested: a helper that breaks (a logging call Dynamo cannot reorder: print) before a linear layer, called under grad mode and then under torch.no_grad(): every frame of Dynamo's compiles again on GLOBAL_STATE -- test_recompiles.py grad mode with a nested graph break."""
import torch

layer = torch.nn.Linear(4, 4)

def block(t):
    h = layer(t).relu()
    print("block")
    return h * 2

@torch.compile
def f(x):
    return block(x + 1).sum()

f(torch.randn(2, 4))
with torch.no_grad():
    f(torch.randn(2, 4))
