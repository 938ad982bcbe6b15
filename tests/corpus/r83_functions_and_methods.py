# What a function computes depends on more than its identity: a bound
# method's object (A(5).apply), a lambda's default (k=k), a global helper's
# __defaults__ and __code__, a class passed in (nn.ReLU or nn.Tanh), a
# method replaced on the class or shadowed on the instance. Each change is
# a new entry (Dynamo guards each: fn.__self__.k, g.__defaults__[0],
# G['helper'].__defaults__[0], ___check_obj_id(...)); under --verify no hit
# computes something else.
# expect-entries: 11
# expect-hits: 2
# expect-reason: 0/0: fn.__self__.k == 1
# expect-reason: 1/0: g.__defaults__[0] == 1
# expect-reason: 2/0: G['helper'].__defaults__[0] == 1
# expect-reason: 3/0: ___check_obj_id(act, <id>), type=<class 'torch.nn.modules.activation.ReLU'>  # expected torch.nn.modules.activation.ReLU, found torch.nn.modules.activation.Tanh
import torch


class A:
    def __init__(self, k):
        self.k = k

    def apply(self, y):
        return y + self.k


@torch.compile
def call_method(x, fn):
    return fn(x)


@torch.compile
def call_lambda(x, g):
    return g(x)


def helper(y, k=1):
    return y * k


@torch.compile
def call_helper(x):
    return helper(x)


@torch.compile
def build(x, act):
    return act()(x)


class M(torch.nn.Module):
    @staticmethod
    def act(x):
        return torch.relu(x)

    def scale(self, x):
        return x * 3

    def forward(self, x):
        return self.scale(self.act(x))


x = torch.linspace(-1, 1, 4)
call_method(x, A(1).apply)
call_method(x, A(5).apply)
call_method(x, A(5).apply)
for k in (1, 2):
    call_lambda(x, lambda y, k=k: y + k)
call_helper(x)
helper.__defaults__ = (7,)
call_helper(x)
build(x, torch.nn.ReLU)
build(x, torch.nn.Tanh)
m = M()
compiled = torch.compile(m)
compiled(x)
M.act = staticmethod(torch.tanh)
compiled(x)
m.scale = lambda y: y * 100
compiled(x)
compiled(x)
