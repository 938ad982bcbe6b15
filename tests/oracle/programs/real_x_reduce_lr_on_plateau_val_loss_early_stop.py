"""real: regression training loop with a compiled model, per-epoch validation loss, ReduceLROnPlateau(mode='min', factor=0.5, patience=0) stepped with the validation loss, an EarlyStopping helper keeping best_loss / counter and a best state_dict copy restored at the end -- the Keras-style PyTorch training loop (ReduceLROnPlateau + early stopping) shape."""
import copy
import torch
import torch.nn as nn
torch.manual_seed(0)


class EarlyStopping:
    def __init__(self, patience=2, min_delta=0.0):
        self.patience, self.min_delta = patience, min_delta
        self.best_loss = None
        self.counter = 0
        self.best_state = None

    def __call__(self, val_loss, model):
        if self.best_loss is None or val_loss < self.best_loss - self.min_delta:
            self.best_loss = val_loss
            self.counter = 0
            self.best_state = copy.deepcopy(model.state_dict())
            return False
        self.counter += 1
        return self.counter >= self.patience


model = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 1))
cmodel = torch.compile(model)
opt = torch.optim.Adam(model.parameters(), lr=0.05)
sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode='min', factor=0.5, patience=0)
stopper = EarlyStopping(patience=2)
w = torch.tensor([[1.5], [-2.0], [0.5]])
X, Xv = torch.randn(32, 3), torch.randn(10, 3)
Y, Yv = X @ w + 0.1 * torch.randn(32, 1), Xv @ w
loss_fn = nn.MSELoss()
for epoch in range(6):
    model.train()
    for i in range(0, 32, 12):
        xb, yb = X[i:i + 12], Y[i:i + 12]
        loss = loss_fn(cmodel(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        val_loss = loss_fn(cmodel(Xv), Yv).item()
    sched.step(val_loss)
    stop = stopper(val_loss, model)
    print(epoch, round(val_loss, 4), opt.param_groups[0]['lr'], stopper.counter)
    if stop:
        break
model.load_state_dict(stopper.best_state)
with torch.no_grad():
    print('best', round(loss_fn(cmodel(Xv), Yv).item(), 4))
