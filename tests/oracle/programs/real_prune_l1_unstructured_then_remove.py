"""real: compiled model evaluated, then torch.nn.utils.prune.l1_unstructured on a Linear (weight becomes weight_orig * weight_mask via a forward pre-hook), evaluated again, pruned more, then prune.remove -- PyTorch pruning tutorial on a compiled model."""
import torch
import torch.nn as nn
import torch.nn.utils.prune as prune
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4)).eval()
cmodel = torch.compile(model)
x = torch.randn(3, 8)
with torch.no_grad():
    print("dense", round(cmodel(x).sum().item(), 4))
    prune.l1_unstructured(model[0], name="weight", amount=0.5)
    print("pruned50", round(cmodel(x).sum().item(), 4))
    prune.l1_unstructured(model[0], name="weight", amount=0.5)
    print("pruned75", round(cmodel(x).sum().item(), 4))
    prune.remove(model[0], "weight")
    print("removed", round(cmodel(x).sum().item(), 4), int((model[0].weight == 0).sum()))
