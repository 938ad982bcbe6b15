"""real: two epochs of a BatchNorm+Dropout MLP: train batches of 8, 8, 5 (ragged last batch), then model.eval() under torch.inference_mode() on batches of 8 and 3, then back to model.train() -- pytorch/examples train()/test() per epoch without drop_last."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(6, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Dropout(0.2), nn.Linear(16, 3))
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for epoch in range(2):
    model.train()
    for bs in (8, 8, 5):
        x, y = torch.randn(bs, 6), torch.randint(0, 3, (bs,))
        opt.zero_grad()
        F.cross_entropy(cmodel(x), y).backward()
        opt.step()
    model.eval()
    with torch.inference_mode():
        for bs in (8, 3):
            cmodel(torch.randn(bs, 6)).argmax(-1)
