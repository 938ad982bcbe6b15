# A SpecAugment-style training step that draws its mask with NumPy's global
# generator (np.random.rand(1).item(), np.random.choice), as wav2vec2/HuBERT
# do, and a forward hook registered inside the compiled function and removed
# through its handle. Before, the first drawn mask was frozen into the graph
# and every later step reused it (--verify: unsound); now each draw is a
# graph break whose later hits are recorded again and compared, and the
# resume function that calls handle.remove() is given up on (gb0013).
# (Under torch.compile, NumPy's random calls in compiled code draw from
# torch's generator, so the losses printed differ from an eager run: only
# what does not depend on the draws is printed.) --verify finds nothing.
# expect-unsound: 0
import numpy as np
import torch

np.random.seed(0)
torch.manual_seed(0)
proj = torch.nn.Linear(6, 6)


def spec_augment(x):
    eps = np.random.rand(1).item()
    n = int(0.5 * x.shape[1] + eps)
    idx = np.random.choice(np.arange(x.shape[1]), n, replace=False)
    mask = np.zeros(x.shape[1], dtype=bool)
    mask[idx] = True
    return x.masked_fill(torch.from_numpy(mask), 0.0)


@torch.compile
def step(x):
    return proj(spec_augment(x)).pow(2).mean()


seen = []


@torch.compile
def probed(x):
    y = x.tanh()
    h = proj.register_forward_hook(lambda m, i, o: seen.append(o.shape[0]))
    z = proj(y)
    h.remove()
    return z.sum()


for i in range(3):
    x = torch.linspace(-1.0, 1.0, 12).view(2, 6) * (i + 1)
    print(bool(torch.isfinite(step(x))), round(probed(x).item(), 4))
print(seen)
