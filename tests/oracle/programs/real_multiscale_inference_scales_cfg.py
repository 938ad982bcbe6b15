"""real: multi-scale inference for segmentation: cfg.TEST.SCALES (a tuple of floats in a nested SimpleNamespace config) drives F.interpolate(scale_factor=s) of the input, each prediction resized back to the input size and averaged inside the compiled function; the config is edited between evaluations (scales tuple replaced, align_corners flag flipped) -- HRNet/mmseg multi-scale aug_test with a yacs-like cfg."""
import types
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

cfg = types.SimpleNamespace(TEST=types.SimpleNamespace(SCALES=(1.0, 0.5), ALIGN_CORNERS=False))
net = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.Conv2d(4, 3, 1)).eval()


@torch.compile
def multi_scale_predict(model, x):
    h, w = x.shape[-2:]
    acc = 0
    for s in cfg.TEST.SCALES:
        xs = F.interpolate(x, scale_factor=s, mode="bilinear", align_corners=cfg.TEST.ALIGN_CORNERS)
        y = model(xs)
        acc = acc + F.interpolate(y, size=(h, w), mode="bilinear", align_corners=cfg.TEST.ALIGN_CORNERS)
    return acc / len(cfg.TEST.SCALES)


x = torch.randn(1, 3, 8, 8)
with torch.no_grad():
    print("a", round(multi_scale_predict(net, x).sum().item(), 4))
    cfg.TEST.SCALES = (1.0, 0.5, 1.5)
    print("b", round(multi_scale_predict(net, x).sum().item(), 4))
    cfg.TEST.ALIGN_CORNERS = True
    print("c", round(multi_scale_predict(net, x).sum().item(), 4))
