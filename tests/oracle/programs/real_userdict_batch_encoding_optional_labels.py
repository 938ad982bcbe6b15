"""real: the compiled train/eval step takes the tokenizer's batch object itself, a BatchEncoding-like collections.UserDict (data kept in .data), reading batch["input_ids"], batch.get("attention_mask") and batch.get("labels") (labels present for training batches, absent for inference, the mask added only for padded batches) -- HF tokenizers' BatchEncoding (UserDict) handed to a custom compiled step."""
import collections
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class BatchEncoding(collections.UserDict):
    def __getattr__(self, item):
        try:
            return self.data[item]
        except KeyError:
            raise AttributeError(item)


emb = nn.Embedding(12, 8)
head = nn.Linear(8, 3)


@torch.compile
def step(batch):
    h = emb(batch["input_ids"])
    mask = batch.get("attention_mask")
    if mask is not None:
        h = h * mask.unsqueeze(-1)
        pooled = h.sum(1) / mask.sum(1, keepdim=True)
    else:
        pooled = h.mean(1)
    logits = head(pooled)
    labels = batch.get("labels")
    if labels is not None:
        return F.cross_entropy(logits, labels)
    return logits.softmax(-1)


ids = torch.tensor([[1, 2, 3, 0], [4, 5, 6, 7]])
mask = torch.tensor([[1, 1, 1, 0], [1, 1, 1, 1]]).float()
labels = torch.tensor([0, 2])
with torch.no_grad():
    print("train", round(step(BatchEncoding({"input_ids": ids, "labels": labels})).item(), 4))
    print("infer", round(step(BatchEncoding({"input_ids": ids})).max().item(), 4))
    print("padded", round(step(BatchEncoding({"input_ids": ids, "attention_mask": mask, "labels": labels})).item(), 4))
    print("padded-infer", round(step(BatchEncoding({"input_ids": ids, "attention_mask": mask})).max().item(), 4))
