"""A model that makes torch.compile recompile: new shapes, a new dtype, a
changing Python scalar, a global flag, and a train/eval switch.

    dynx-capture --list-frames samples/recompiles.py
"""
# expect-graphs: 6
# expect-ops: 8 8 8 8 7 3
# expect-breaks: none
# expect-entries: 6
# expect-reason: 0/0: tensor 'x' size mismatch at index 0. expected 4, actual 8
# expect-reason: 0/1: scale == 1.0
# expect-reason: 0/0: tensor 'x' dtype mismatch. expected Float, actual Double
# expect-reason: 0/2: G['USE_RESIDUAL'] == True
# expect-reason: 0/4: self._modules['drop'].training == True
import torch

USE_RESIDUAL = True


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(16, 16)
        self.drop = torch.nn.Dropout(0.1)

    def forward(self, x, scale):
        y = self.drop(self.fc(x)) * scale
        return x + y if USE_RESIDUAL else y


torch.manual_seed(0)
model = torch.compile(Block())
model(torch.randn(4, 16), 1.0)                    # first compile
model(torch.randn(8, 16), 1.0)                    # batch size changed
model(torch.randn(8, 16), 2.0)                    # Python scalar changed
model.double()(torch.randn(8, 16, dtype=torch.float64), 2.0)   # dtype changed
model.float()
USE_RESIDUAL = False
model(torch.randn(8, 16), 2.0)                    # global flag changed
model.eval()
print(tuple(model(torch.randn(8, 16), 2.0).shape))  # train/eval switched
