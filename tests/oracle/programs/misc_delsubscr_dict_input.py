"""misc: del d[key] on an input dict inside the frame; later calls pass dicts with other keys -- _repros_part2.py test_delsubscr."""
import torch


@torch.compile
def pop_mask(batch):
    if "mask" in batch:
        del batch["mask"]
    return batch["x"] + 1


b1 = {"mask": torch.tensor([1]), "x": torch.tensor([1])}
print(pop_mask(b1), sorted(b1))
print(pop_mask(b1), sorted(b1))
b2 = {"mask": torch.tensor([0]), "x": torch.tensor([3])}
print(pop_mask(b2), sorted(b2))
