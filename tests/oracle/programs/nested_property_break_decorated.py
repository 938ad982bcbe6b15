"""nested: a decorated method whose property getter breaks (print) three calls deep, then a no_grad call -- test_error_messages.py nested graph break through a property (transformers' loss_function shape)."""
import functools
import torch


def traced(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper


def loss_of(t):
    return t.sum() * 2


class Head:
    @property
    def loss_function(self):
        print("choosing the loss")
        return loss_of

    @traced
    def forward(self, x):
        y = x + 1
        loss = self.loss_function(y)
        return loss, y.cos()


head = Head()
f = torch.compile(head.forward)
f(torch.ones(3))
with torch.no_grad():
    f(torch.ones(3))
