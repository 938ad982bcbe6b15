# A dict argument read only by constant keys: Dynamo guards the keys read, so
# another key nobody reads is a hit, a new value under a read key or a read
# key missing a miss (test_recompiles.py / the oracle's recomp_dict_keys).
# expect-entries: 3
# expect-hits: 1
# expect-reason: 0/0: tensor 'batch['a']' size mismatch at index 0. expected 2, actual 3
# expect-reason: 0/0: KeyError on batch['a']
import torch

@torch.compile
def f(batch):
    return batch["a"] * 2 + batch["scale"]

f({"a": torch.ones(2), "scale": 1.5})
f({"a": torch.ones(2), "scale": 1.5, "unused": torch.zeros(9)})   # hit
f({"a": torch.ones(3), "scale": 1.5})                              # miss: a's size
try:
    f({"scale": 1.5})                                              # miss: no 'a' (eager raises KeyError)
except KeyError as e:
    print("KeyError", e)
