"""recomp: a batch dict of tensors whose sequence length grows each step (automatic dynamic on dict values)."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def loss_fn(batch):
    logits = batch["input"] * 2
    return ((logits - batch["target"]) ** 2).mean()


for seqlen in [4, 6, 8, 8]:
    batch = {"input": torch.ones(2, seqlen), "target": torch.zeros(2, seqlen)}
    print(seqlen, loss_fn(batch).item())
