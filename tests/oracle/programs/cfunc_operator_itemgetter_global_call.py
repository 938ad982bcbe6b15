"""cfunc: calling a module-level operator.itemgetter object on a dict argument (Dynamo cannot call the itemgetter instance, gb0156); the getter is rebound to other keys between calls -- test_operator.py OperatorTestCase test_itemgetter (cpython 3_13)."""
import operator
import torch

select = operator.itemgetter("q", "k")


@torch.compile
def score(feats):
    a, b = select(feats)
    return (a * b).sum(-1)


feats = {"q": torch.ones(2, 3), "k": torch.full((2, 3), 2.0), "v": torch.full((2, 3), 3.0)}
print(score(feats))
print(score(feats))
select = operator.itemgetter("q", "v")
print(score(feats))
select = operator.itemgetter("v", "k")
print(score(feats))
