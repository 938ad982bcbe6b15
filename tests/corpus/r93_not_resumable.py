# Breaks Dynamo cannot resume from (measured against torch 2.13's Dynamo:
# test_modules.py property access, test_generator.py graph break in a
# generator): a @property getter that calls .item(), read as an attribute in
# forward, and a generator that breaks between its yields, advanced by the
# frame's for loop. Dynamo can split a frame only at a call, a comparison, a
# subscript or a store, so it gives up on both frames: 0 graphs. The same
# getter called as a method splits forward at the call instead (2 graphs).
# expect-graphs: 2
# expect-breaks: tensor-to-python@21 explicit@39 tensor-to-python@24
import torch
import torch._dynamo


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("temp", torch.tensor(2.0))

    @property
    def temperature(self):
        return self.temp.item()

    def get_temperature(self):
        return self.temp.item()

    def forward(self, x):
        x = x.exp()
        return x / self.temperature


class MethodNet(Net):
    def forward(self, x):
        x = x.exp()
        return x / self.get_temperature()


def pieces(x):
    yield x + 1
    torch._dynamo.graph_break()
    yield x * 2


@torch.compile
def total(x):
    out = torch.zeros_like(x)
    for p in pieces(x):
        out = out + p
    return out


print(torch.compile(Net())(torch.ones(3)))
print(total(torch.ones(3)))
print(torch.compile(MethodNet())(torch.ones(3)))
