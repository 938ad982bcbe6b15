"""misc: str methods and f-strings with ints build dict keys that select tensors -- test_functions.py string methods / f-strings."""
import torch

@torch.compile
def f(x, layers):
    out = x
    for i in range(len(layers)):
        key = f"layer_{i}".upper()
        if key.startswith("LAYER_") and key.endswith(str(i)):
            out = out * layers[key.lower()]
    tag = "-".join(["w", str(len(layers))]).replace("-", "_")
    return out + len(tag)

layers = {"layer_0": torch.ones(2) * 2, "layer_1": torch.ones(2) * 3}
f(torch.ones(2), layers)
f(torch.ones(2), layers)
