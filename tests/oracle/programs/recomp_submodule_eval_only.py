"""recomp: only one submodule is switched to eval() (BatchNorm running stats updated in place in train mode) -- _repros_part1.py test_batch_norm_act."""
import torch

torch.manual_seed(0)


class ConvBN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(1, 2, 3)
        self.bn = torch.nn.BatchNorm2d(2)
        self.drop = torch.nn.Dropout(0.0)

    def forward(self, x):
        return self.drop(torch.relu(self.bn(self.conv(x))))


m = ConvBN()
cm = torch.compile(m)
x = torch.randn(2, 1, 6, 6)
cm(x)
cm(x)
print(int(m.bn.num_batches_tracked))
m.bn.eval()
cm(x)
m.eval()
cm(x)
m.train()
cm(x)
print(int(m.bn.num_batches_tracked))
