"""real: torchvision detection utils shrunk -- AnchorGenerator.generate_anchors (scales x aspect_ratios, round()), grid_anchors with shifts via torch.meshgrid(indexing='ij'), BoxCoder.decode_single with weights (10,10,5,5) and bbox_xform_clip=math.log(1000/16) clamp on dw/dh, clip_boxes_to_image, remove_small_boxes via torch.where(keep)[0], score_thresh filtering, and a pure-python greedy NMS (`while order.numel() > 0: i = order[0].item()`) -- the RPN/RetinaNet postprocess the model's head is compiled with."""
import math
import torch
import torch.nn as nn
torch.manual_seed(0)


class BoxCoder:
    def __init__(self, weights, bbox_xform_clip=math.log(1000.0 / 16)):
        self.weights = weights
        self.bbox_xform_clip = bbox_xform_clip

    def decode_single(self, rel_codes, boxes):
        boxes = boxes.to(rel_codes.dtype)
        widths = boxes[:, 2] - boxes[:, 0]
        heights = boxes[:, 3] - boxes[:, 1]
        ctr_x = boxes[:, 0] + 0.5 * widths
        ctr_y = boxes[:, 1] + 0.5 * heights
        wx, wy, ww, wh = self.weights
        dx = rel_codes[:, 0::4] / wx
        dy = rel_codes[:, 1::4] / wy
        dw = rel_codes[:, 2::4] / ww
        dh = rel_codes[:, 3::4] / wh
        dw = torch.clamp(dw, max=self.bbox_xform_clip)
        dh = torch.clamp(dh, max=self.bbox_xform_clip)
        pred_ctr_x = dx * widths[:, None] + ctr_x[:, None]
        pred_ctr_y = dy * heights[:, None] + ctr_y[:, None]
        pred_w = torch.exp(dw) * widths[:, None]
        pred_h = torch.exp(dh) * heights[:, None]
        c_to_c_h = torch.tensor(0.5, dtype=pred_ctr_y.dtype) * pred_h
        c_to_c_w = torch.tensor(0.5, dtype=pred_ctr_x.dtype) * pred_w
        return torch.stack((pred_ctr_x - c_to_c_w, pred_ctr_y - c_to_c_h, pred_ctr_x + c_to_c_w, pred_ctr_y + c_to_c_h), dim=2).flatten(1)


def generate_anchors(scales, aspect_ratios):
    scales = torch.as_tensor(scales, dtype=torch.float32)
    aspect_ratios = torch.as_tensor(aspect_ratios, dtype=torch.float32)
    h_ratios = torch.sqrt(aspect_ratios)
    w_ratios = 1 / h_ratios
    ws = (w_ratios[:, None] * scales[None, :]).view(-1)
    hs = (h_ratios[:, None] * scales[None, :]).view(-1)
    return (torch.stack([-ws, -hs, ws, hs], dim=1) / 2).round()


def box_iou(a, b):
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    lt = torch.max(a[:, None, :2], b[None, :, :2]); rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    wh = (rb - lt).clamp(min=0)
    inter = wh[..., 0] * wh[..., 1]
    return inter / (area_a[:, None] + area_b[None] - inter)


def nms(boxes, scores, thr):
    order = scores.argsort(descending=True)
    keep = []
    while order.numel() > 0:
        i = order[0].item()
        keep.append(i)
        if order.numel() == 1:
            break
        ious = box_iou(boxes[i][None], boxes[order[1:]])[0]
        order = order[1:][ious <= thr]
    return torch.tensor(keep, dtype=torch.long)


class Head(nn.Module):
    def __init__(self, c=8, A=3):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.cls_logits = nn.Conv2d(c, A, 1)
        self.bbox_pred = nn.Conv2d(c, A * 4, 1)
        self.box_coder = BoxCoder((10.0, 10.0, 5.0, 5.0))
        self.cell_anchors = generate_anchors((16,), (0.5, 1.0, 2.0))

    def forward(self, feat, image_size, stride=4, score_thresh=0.3, min_size=1e-3):
        t = torch.relu(self.conv(feat))
        N, _, H, W = t.shape
        obj = self.cls_logits(t).permute(0, 2, 3, 1).reshape(N, -1)
        deltas = self.bbox_pred(t).permute(0, 2, 3, 1).reshape(N, -1, 4)
        shifts_x = torch.arange(0, W, dtype=torch.int32) * stride
        shifts_y = torch.arange(0, H, dtype=torch.int32) * stride
        shift_y, shift_x = torch.meshgrid(shifts_y, shifts_x, indexing="ij")
        shifts = torch.stack((shift_x.reshape(-1), shift_y.reshape(-1), shift_x.reshape(-1), shift_y.reshape(-1)), dim=1)
        anchors = (shifts.view(-1, 1, 4) + self.cell_anchors.view(1, -1, 4)).reshape(-1, 4)
        results = []
        for i in range(N):
            boxes = self.box_coder.decode_single(deltas[i], anchors).view(-1, 4)
            boxes_x = boxes[..., 0::2].clamp(min=0, max=image_size[1])
            boxes_y = boxes[..., 1::2].clamp(min=0, max=image_size[0])
            boxes = torch.stack((boxes_x, boxes_y), dim=boxes.dim()).reshape(boxes.shape)
            scores = torch.sigmoid(obj[i])
            ws, hs = boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]
            keep = torch.where((ws >= min_size) & (hs >= min_size) & (scores >= score_thresh))[0]
            boxes, scores = boxes[keep], scores[keep]
            keep = nms(boxes, scores, 0.5)[:10]
            results.append((boxes[keep], scores[keep]))
        return results


head = Head().eval()
chead = torch.compile(head, backend="eager")
with torch.no_grad():
    for hw in [(6, 6), (6, 6), (5, 7)]:
        feat = torch.randn(2, 8, *hw)
        res = chead(feat, (hw[0] * 4, hw[1] * 4))
        print(hw, [(len(b), round(s.sum().item(), 3)) for b, s in res])
