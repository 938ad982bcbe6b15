"""recomp: a model whose forward breaks, trained then evaluated under no_grad: the frame and the code after the break (its resume function) each recompile on grad mode -- test_recompile_ux.py grad mode with graph break."""
import torch
import torch._dynamo


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(4, 4)
        self.b = torch.nn.Linear(4, 2)

    def forward(self, x):
        h = torch.relu(self.a(x))
        torch._dynamo.graph_break()
        return self.b(h)


model = Net()
cmodel = torch.compile(model)
cmodel(torch.randn(3, 4)).sum().backward()
with torch.no_grad():
    cmodel(torch.randn(3, 4))
