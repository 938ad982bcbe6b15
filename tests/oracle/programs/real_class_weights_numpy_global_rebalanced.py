"""real: imbalanced classification: class weights kept as a global NumPy array (sklearn compute_class_weight style) turned into a tensor with torch.from_numpy inside the compiled loss, and rebalanced in place each epoch from running class counts -- weighted CrossEntropy with NumPy-computed class weights."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

CLASS_WEIGHTS = np.ones(3, dtype=np.float32)
counts = np.zeros(3)
model = nn.Linear(5, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def weighted_loss(logits, y):
    w = torch.from_numpy(CLASS_WEIGHTS)
    return F.cross_entropy(logits, y, weight=w)


label_batches = [[0, 0, 0, 0, 1, 2], [0, 1, 1, 1, 1, 2], [2, 2, 2, 0, 1, 2], [0, 0, 1, 1, 2, 2]]
for epoch in range(4):
    x = torch.randn(6, 5)
    y = torch.tensor(label_batches[epoch])
    loss = weighted_loss(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    counts += np.bincount(y.numpy(), minlength=3)
    CLASS_WEIGHTS[:] = (counts.sum() / (3 * counts)).astype(np.float32)
    print(epoch, round(loss.item(), 4), [round(float(w), 3) for w in CLASS_WEIGHTS])
