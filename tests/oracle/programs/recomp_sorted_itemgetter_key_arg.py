"""recomp: an operator.itemgetter / attrgetter passed in as the sort key orders (name, weight, tensor) records before summing the first two; another getter recompiles -- test_operator.py OperatorTestCase test_itemgetter / test_attrgetter."""
import operator
import torch


@torch.compile
def top2(recs, key):
    rs = sorted(recs, key=key, reverse=True)
    return rs[0][2] * rs[0][1] + rs[1][2]


recs = [("b", 2.0, torch.ones(2)), ("a", 3.0, torch.zeros(2)), ("c", 1.0, torch.full((2,), 2.0))]
print(top2(recs, operator.itemgetter(1)))
print(top2(recs, operator.itemgetter(1)))
print(top2(recs, operator.itemgetter(0)))
print(top2(recs, operator.itemgetter(1, 0)))
