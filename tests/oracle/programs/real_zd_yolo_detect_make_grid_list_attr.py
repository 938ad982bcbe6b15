"""real: ultralytics/yolov5 models/yolo.py Detect head -- self.grid = [torch.empty(0)] * nl, in inference `if self.dynamic or self.grid[i].shape[2:4] != x[i].shape[2:4]: self.grid[i], self.anchor_grid[i] = self._make_grid(nx, ny, i)`, sigmoid xy/wh decode with stride buffer, torch.cat(z, 1); training returns raw x list; eval on two image sizes then repeated size."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Detect(nn.Module):
    stride = None
    dynamic = False

    def __init__(self, nc=3, anchors=((10, 13, 16, 30), (30, 61, 62, 45)), ch=(8, 16)):
        super().__init__()
        self.nc = nc
        self.no = nc + 5
        self.nl = len(anchors)
        self.na = len(anchors[0]) // 2
        self.grid = [torch.empty(0) for _ in range(self.nl)]
        self.anchor_grid = [torch.empty(0) for _ in range(self.nl)]
        self.register_buffer('anchors', torch.tensor(anchors).float().view(self.nl, -1, 2))
        self.m = nn.ModuleList(nn.Conv2d(x, self.no * self.na, 1) for x in ch)

    def forward(self, x):
        z = []
        for i in range(self.nl):
            x[i] = self.m[i](x[i])
            bs, _, ny, nx = x[i].shape
            x[i] = x[i].view(bs, self.na, self.no, ny, nx).permute(0, 1, 3, 4, 2).contiguous()
            if not self.training:
                if self.dynamic or self.grid[i].shape[2:4] != x[i].shape[2:4]:
                    self.grid[i], self.anchor_grid[i] = self._make_grid(nx, ny, i)
                xy, wh, conf = x[i].sigmoid().split((2, 2, self.nc + 1), 4)
                xy = (xy * 2 + self.grid[i]) * self.stride[i]
                wh = (wh * 2) ** 2 * self.anchor_grid[i]
                y = torch.cat((xy, wh, conf), 4)
                z.append(y.view(bs, self.na * nx * ny, self.no))
        return x if self.training else (torch.cat(z, 1), x)

    def _make_grid(self, nx=20, ny=20, i=0):
        d = self.anchors[i].device
        t = self.anchors[i].dtype
        shape = 1, self.na, ny, nx, 2
        y, x = torch.arange(ny, device=d, dtype=t), torch.arange(nx, device=d, dtype=t)
        yv, xv = torch.meshgrid(y, x, indexing='ij')
        grid = torch.stack((xv, yv), 2).expand(shape) - 0.5
        anchor_grid = (self.anchors[i] * self.stride[i]).view((1, self.na, 1, 1, 2)).expand(shape)
        return grid, anchor_grid


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.b1 = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1), nn.SiLU())
        self.b2 = nn.Sequential(nn.Conv2d(8, 16, 3, 2, 1), nn.SiLU())
        self.detect = Detect()
        self.detect.stride = torch.tensor([2., 4.])
        self.detect.anchors /= self.detect.stride.view(-1, 1, 1)

    def forward(self, x):
        p3 = self.b1(x)
        p4 = self.b2(p3)
        return self.detect([p3, p4])


model = Model()
cmodel = torch.compile(model, backend="eager")
opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.937, nesterov=True)
for step in range(2):
    out = cmodel(torch.randn(2, 3, 16, 16))
    loss = sum(o.sigmoid().mean() for o in out)
    opt.zero_grad(); loss.backward(); opt.step()
    print('train', step, round(loss.item(), 4))
model.eval()
with torch.no_grad():
    for size in (16, 24, 24, 16):
        pred, _ = cmodel(torch.randn(1, 3, size, size))
        print(size, tuple(pred.shape), round(pred[..., 4].max().item(), 4))
