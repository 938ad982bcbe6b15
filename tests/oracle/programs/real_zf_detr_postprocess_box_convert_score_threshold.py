"""real: facebookresearch/detr inference: tiny DETR-like head (backbone conv, nn.Transformer with learned query_embed, class_embed and 3-layer bbox MLP with sigmoid) compiled together with PostProcess: softmax over classes dropping no-object, scores/labels via max, box_cxcywh_to_xyxy with unbind/stack, scale by target_sizes unbind, then keep = scores > threshold and boolean-index boxes per image; threshold float changes between two calls."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def box_cxcywh_to_xyxy(x):
    x_c, y_c, w, h = x.unbind(-1)
    b = [(x_c - 0.5 * w), (y_c - 0.5 * h), (x_c + 0.5 * w), (y_c + 0.5 * h)]
    return torch.stack(b, dim=-1)


class MLP(nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, num_layers):
        super().__init__()
        self.num_layers = num_layers
        h = [hidden_dim] * (num_layers - 1)
        self.layers = nn.ModuleList(nn.Linear(n, k) for n, k in zip([input_dim] + h, h + [output_dim]))

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = F.relu(layer(x)) if i < self.num_layers - 1 else layer(x)
        return x


class DETR(nn.Module):
    def __init__(self, num_classes=5, hidden_dim=16, num_queries=6):
        super().__init__()
        self.backbone = nn.Conv2d(3, hidden_dim, 4, 4)
        self.transformer = nn.Transformer(hidden_dim, 2, 1, 1, 32, dropout=0.0, batch_first=False)
        self.query_embed = nn.Embedding(num_queries, hidden_dim)
        self.class_embed = nn.Linear(hidden_dim, num_classes + 1)
        self.bbox_embed = MLP(hidden_dim, hidden_dim, 4, 3)

    def forward(self, samples):
        src = self.backbone(samples).flatten(2).permute(2, 0, 1)
        bs = samples.shape[0]
        tgt = self.query_embed.weight.unsqueeze(1).repeat(1, bs, 1)
        hs = self.transformer(src, tgt).transpose(0, 1)
        return {'pred_logits': self.class_embed(hs), 'pred_boxes': self.bbox_embed(hs).sigmoid()}


class PostProcess(nn.Module):
    @torch.no_grad()
    def forward(self, outputs, target_sizes):
        out_logits, out_bbox = outputs['pred_logits'], outputs['pred_boxes']
        assert len(out_logits) == len(target_sizes)
        assert target_sizes.shape[1] == 2
        prob = F.softmax(out_logits, -1)
        scores, labels = prob[..., :-1].max(-1)
        boxes = box_cxcywh_to_xyxy(out_bbox)
        img_h, img_w = target_sizes.unbind(1)
        scale_fct = torch.stack([img_w, img_h, img_w, img_h], dim=1)
        boxes = boxes * scale_fct[:, None, :]
        return [{'scores': s, 'labels': l, 'boxes': b} for s, l, b in zip(scores, labels, boxes)]


model = DETR().eval()
postprocessors = PostProcess()


@torch.compile(backend="eager")
def detect(images, sizes, threshold):
    with torch.no_grad():
        outputs = model(images)
    results = postprocessors(outputs, sizes)
    kept = []
    for r in results:
        keep = r['scores'] > threshold
        kept.append((r['labels'][keep], r['boxes'][keep]))
    return kept


images = torch.randn(2, 3, 16, 16)
sizes = torch.tensor([[480, 640], [320, 320]])
for thr in (0.2, 0.25):
    res = detect(images, sizes, thr)
    print(thr, [tuple(b.shape) for _, b in res])
