"""recomp: model.eval() on a module whose forward breaks: dropout reads self.training before and after the break, so the frame and its resume function both recompile on the training flag -- pytorch/examples train/eval loop with a logging break."""
import torch
import torch._dynamo


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(8, 8)
        self.drop = torch.nn.Dropout(0.1)

    def forward(self, x):
        h = self.drop(self.fc(x))
        torch._dynamo.graph_break()
        return self.drop(h).relu()


model = Net()
cmodel = torch.compile(model)
cmodel(torch.randn(2, 8))
model.eval()
cmodel(torch.randn(2, 8))
