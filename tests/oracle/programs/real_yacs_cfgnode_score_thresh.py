"""real: detector post-processing reading a yacs-style CfgNode (dict subclass, __getattr__ returns self[name], __setattr__ stores an item): cfg.MODEL.ROI_HEADS.SCORE_THRESH_TEST masks low scores and cfg.TEST.DETECTIONS_PER_IMAGE sets topk inside the compiled postprocess; the evaluation script lowers the threshold and raises the detections count via cfg.merge_from_list -- detectron2 / maskrcnn-benchmark yacs config + fast_rcnn_inference."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class CfgNode(dict):
    def __init__(self, init_dict=None):
        init_dict = {} if init_dict is None else init_dict
        for k, v in init_dict.items():
            if isinstance(v, dict):
                init_dict[k] = CfgNode(v)
        super().__init__(init_dict)
        self.__dict__["__immutable__"] = False

    def __getattr__(self, name):
        if name in self:
            return self[name]
        raise AttributeError(name)

    def __setattr__(self, name, value):
        if self.__dict__["__immutable__"]:
            raise AttributeError("immutable")
        self[name] = value

    def merge_from_list(self, cfg_list):
        for full_key, v in zip(cfg_list[0::2], cfg_list[1::2]):
            d = self
            keys = full_key.split(".")
            for sub in keys[:-1]:
                d = d[sub]
            d[keys[-1]] = v


cfg = CfgNode({"MODEL": {"ROI_HEADS": {"SCORE_THRESH_TEST": 0.5, "NUM_CLASSES": 3}},
               "TEST": {"DETECTIONS_PER_IMAGE": 4}})


class BoxPredictor(nn.Module):
    def __init__(self, d=8, nc=3):
        super().__init__()
        self.cls = nn.Linear(d, nc + 1)
        self.box = nn.Linear(d, 4)

    def forward(self, feats):
        return self.cls(feats), self.box(feats)


pred = BoxPredictor().eval()


@torch.compile
def postprocess(feats):
    logits, boxes = pred(feats)
    scores = logits.softmax(-1)[:, : cfg.MODEL.ROI_HEADS.NUM_CLASSES]
    scores = scores.masked_fill(scores < cfg.MODEL.ROI_HEADS.SCORE_THRESH_TEST, 0.0)
    flat = scores.flatten()
    top, idx = flat.topk(cfg.TEST.DETECTIONS_PER_IMAGE)
    return top, boxes[idx // cfg.MODEL.ROI_HEADS.NUM_CLASSES]


feats = torch.randn(6, 8) * 3
with torch.no_grad():
    top, b = postprocess(feats)
    print("a", [round(v, 4) for v in top.tolist()], round(b.sum().item(), 4))
    cfg.merge_from_list(["MODEL.ROI_HEADS.SCORE_THRESH_TEST", 0.3])
    top, b = postprocess(feats)
    print("b", [round(v, 4) for v in top.tolist()], round(b.sum().item(), 4))
    cfg.merge_from_list(["TEST.DETECTIONS_PER_IMAGE", 6])
    top, b = postprocess(feats)
    print("c", [round(v, 4) for v in top.tolist()], round(b.sum().item(), 4))
