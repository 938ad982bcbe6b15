"""real: test-time augmentation wrapper: self.flips is a Python list of flip dims (None = identity), self.merge a string ("mean"/"max"); the compiled wrapper loops over the list, un-flips the segmentation logits and merges them; the script adds a vertical flip to the list, then switches the merge mode -- ttach SegmentationTTAWrapper / nnU-Net mirroring TTA."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class TTAWrapper(nn.Module):
    def __init__(self, model, flips, merge="mean"):
        super().__init__()
        self.model = model
        self.flips = flips
        self.merge = merge

    def forward(self, x):
        outs = []
        for d in self.flips:
            if d is None:
                outs.append(self.model(x))
            else:
                outs.append(self.model(x.flip(d)).flip(d))
        stacked = torch.stack(outs)
        if self.merge == "mean":
            return stacked.mean(0)
        return stacked.max(0).values


seg = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.Conv2d(4, 2, 1)).eval()
tta = TTAWrapper(seg, [None, 3])
ctta = torch.compile(tta)
x = torch.randn(1, 3, 5, 6)
with torch.no_grad():
    print("hflip", round(ctta(x).sum().item(), 4))
    tta.flips.append(2)
    print("hvflip", round(ctta(x).sum().item(), 4))
    tta.merge = "max"
    print("max", round(ctta(x).sum().item(), 4))
    print("again", round(ctta(x * 2).sum().item(), 4))
