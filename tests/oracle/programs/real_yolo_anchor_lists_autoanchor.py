"""real: YOLOv3-style detection head decoding with anchors kept as a nested Python list per level (self.anchors[i] = [[w, h], ...]) and strides in a list; torch.tensor(self.anchors[i]) inside the compiled forward; an AutoAnchor-style re-estimation then edits one anchor in place (anchors[0][1][0] = ...) and later replaces a whole level -- eriklindernoren/PyTorch-YOLOv3 YOLOLayer / ultralytics yolov3 autoanchor."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class YOLOHead(nn.Module):
    def __init__(self, nc=2):
        super().__init__()
        self.anchors = [[[10.0, 13.0], [16.0, 30.0]], [[30.0, 61.0], [62.0, 45.0]]]
        self.strides = [8, 16]
        self.no = nc + 5
        self.convs = nn.ModuleList(nn.Conv2d(4, 2 * self.no, 1) for _ in range(2))

    def forward(self, feats):
        out = []
        for i, f in enumerate(feats):
            b, _, ny, nx = f.shape
            p = self.convs[i](f).view(b, 2, self.no, ny, nx).permute(0, 1, 3, 4, 2)
            yv, xv = torch.meshgrid(torch.arange(ny), torch.arange(nx), indexing="ij")
            grid = torch.stack((xv, yv), 2).view(1, 1, ny, nx, 2).float()
            anchor = torch.tensor(self.anchors[i]).view(1, 2, 1, 1, 2)
            xy = (p[..., :2].sigmoid() + grid) * self.strides[i]
            wh = p[..., 2:4].exp() * anchor
            conf = p[..., 4:].sigmoid()
            out.append(torch.cat((xy, wh, conf), -1).view(b, -1, self.no))
        return torch.cat(out, 1)


head = YOLOHead().eval()
chead = torch.compile(head)
feats = [torch.randn(1, 4, 4, 4), torch.randn(1, 4, 2, 2)]
with torch.no_grad():
    print("a", round(chead(feats)[..., 2:4].sum().item(), 3))
    head.anchors[0][1][0] = 20.0
    print("b", round(chead(feats)[..., 2:4].sum().item(), 3))
    head.anchors[1] = [[33.0, 23.0], [59.0, 119.0]]
    print("c", round(chead(feats)[..., 2:4].sum().item(), 3))
