"""misc: a for loop over enumerate() of a generator passed in: Dynamo runs enumerate through its polyfill (a generator it inlines), whose loop over the generator cannot be iterated (missing tp_iter) and cannot be broken gracefully, so Dynamo gives up on the whole frame; the generator, started while the frame runs eagerly, is a frame it gives up on too -- test_generator.py / test_functions.py enumerate over iterators from outside."""
import torch


def weights():
    yield 0.5
    yield 2.0


@torch.compile(backend="eager")
def f(x, ws):
    for i, w in enumerate(ws):
        x = x * w + i
    return x


x = torch.ones(3)
print(f(x, weights()).tolist())
print(f(x, weights()).tolist())
