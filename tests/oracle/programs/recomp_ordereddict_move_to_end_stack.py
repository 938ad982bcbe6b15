"""recomp: an OrderedDict of tensors is stacked in key order inside the frame; the user reorders it with move_to_end between calls -- test_ordered_dict.py OrderedDictTests test_move_to_end."""
import collections
import torch


@torch.compile
def stack(parts):
    first = next(iter(parts))
    out = torch.stack(list(parts.values()))
    return out * len(first)


parts = collections.OrderedDict()
parts["a"] = torch.tensor([1.0, 2.0])
parts["bb"] = torch.tensor([3.0, 4.0])
parts["ccc"] = torch.tensor([5.0, 6.0])
print(stack(parts))
print(stack(parts))
parts.move_to_end("a")
print(stack(parts))
parts.move_to_end("ccc", last=False)
print(stack(parts))
