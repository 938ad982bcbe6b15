"""misc: a compiled apply-patches helper walks a list of (key, patch) pairs it only collects and hands to a callee that ignores them, so new keys and patch values do not recompile -- test_recompiles.py test_no_recompile_over_unused_objects (ComfyUI-GGUF ops.py)."""
import torch

def dequant(x, key, patches):
    return x * x + 1

@torch.compile(fullgraph=True)
def apply_patches(fn, x, keys):
    patches = []
    for key, patch in keys:
        patches.append(patch)
    x = fn(x, key, patches)
    return x

x = torch.linspace(0, 1, 6)
print(apply_patches(dequant, x, [("a", 1), ("b", 2)]))
print(apply_patches(dequant, x, [("c", 3), ("d", 4)]))
print(apply_patches(dequant, x, [("lora.up", 0.5), ("lora.down", 7)]))
