"""nested: a subclass forward calls super().forward(), which has a graph break -- test_modules.py test_super_module / inheritance."""
import torch
import torch._dynamo

class Base(torch.nn.Module):
    def forward(self, x):
        x = x + 1
        torch._dynamo.graph_break()
        return x * 2

class Child(Base):
    def forward(self, x):
        y = super().forward(x.sin())
        return y - 1

m = torch.compile(Child())
m(torch.ones(3))
m(torch.ones(3))
