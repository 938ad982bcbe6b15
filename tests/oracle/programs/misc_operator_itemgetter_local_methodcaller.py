"""misc: operator.itemgetter and operator.methodcaller built inside the frame (not global) pick tensors from a dict and call a tensor method; the key argument changes -- test_operator.py OperatorTestCase test_itemgetter / test_methodcaller (cpython 3_13)."""
import operator
import torch


@torch.compile
def route(feats, key, method):
    pick = operator.itemgetter(key, "bias")
    t, b = pick(feats)
    call = operator.methodcaller(method, -1)
    return call(t) + b


feats = {"a": torch.ones(2, 3), "b": torch.arange(6.0).reshape(2, 3), "bias": torch.full((2,), 0.5)}
print(route(feats, "a", "sum"))
print(route(feats, "a", "sum"))
print(route(feats, "b", "sum"))
print(route(feats, "b", "mean"))
