# A dict argument the compiled code only reads by constant keys, tests with
# `in` and measures: guarded as Dynamo guards it, on those uses alone (its
# type, the values read, `not ___dict_contains('mask', batch)`, its length). A
# batch with another value under a key the code never reads is a hit; a
# batch that gains "mask" is a new entry. (Checked against torch 2.13's
# Dynamo: 2 entries, the same reason.)
# expect-entries: 2
# expect-hits: 2
# expect-unsound: 0
# expect-reason: 0/0: not ___dict_contains('mask', batch)
import torch


@torch.compile
def step(batch, w):
    x = batch["x"]
    if "mask" in batch:
        x = x * batch["mask"]
    return (x @ w).sum() + batch.get("bias", 0.0)


torch.manual_seed(0)
x, w, m = torch.randn(3, 4), torch.randn(4, 2), torch.ones(3, 4)
print(round(step({"x": x, "id": 1}, w).item(), 4))
print(round(step({"x": x, "id": 2}, w).item(), 4))
print(round(step({"x": x, "mask": m}, w).item(), 4))
print(round(step({"x": x * 2, "mask": m, "id": 3}, w).item(), 4))
