"""misc: list.remove() inside the frame matches by a user class's __eq__ (and by identity first), on a list of tagged tensors built per call -- test_list.py ListTests test_remove_uses_item_richcompare / test_remove_matches_identity_before_richcompare."""
import torch


class Tag:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, Tag) and self.name == other.name


@torch.compile
def prune(x, drop):
    tags = [Tag("a"), Tag("b"), Tag("c")]
    tags.remove(Tag(drop))
    out = x
    for i, t in enumerate(tags):
        out = out + len(t.name) * (i + 1)
    return out, [t.name for t in tags]


x = torch.zeros(2)
print(prune(x, "b"))
print(prune(x, "b"))
print(prune(x, "a"))
try:
    prune(x, "z")
except ValueError as e:
    print("ValueError", e)
