"""dyn: a frame pads odd-length sequences to even before halving them (pixel-unshuffle / FFT style); once the length is dynamic the parity test becomes a Mod guard, so the first odd length recompiles and later ones hit -- test_misc.py / test_dynamic_shapes modulo guard on a dynamic size."""
import torch
import torch.nn.functional as F

@torch.compile
def downsample(x):
    if x.shape[-1] % 2 == 1:
        x = F.pad(x, (0, 1))
    return x.view(x.shape[0], -1, 2).mean(-1)

for n in (4, 6, 8, 7, 9, 10):
    print(n, downsample(torch.arange(n, dtype=torch.float32).view(1, n)).shape)
