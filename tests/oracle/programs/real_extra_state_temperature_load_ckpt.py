"""real: classifier with a calibration temperature kept in get_extra_state/set_extra_state; compiled eval, then load_state_dict of an in-memory checkpoint (deepcopy of state_dict) with another temperature, compiled eval again -- temperature scaling calibration + checkpoint restore."""
import copy
import torch
import torch.nn as nn
torch.manual_seed(0)


class Calibrated(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 4))
        self.temperature = 1.0

    def get_extra_state(self):
        return {"temperature": self.temperature}

    def set_extra_state(self, state):
        self.temperature = state["temperature"]

    def forward(self, x):
        return torch.softmax(self.net(x) / self.temperature, dim=-1)


model = Calibrated().eval()
cmodel = torch.compile(model)
x = torch.randn(3, 6)
with torch.no_grad():
    print("before", round(cmodel(x).max().item(), 4))
    ckpt = copy.deepcopy(model.state_dict())
    ckpt["_extra_state"] = {"temperature": 2.5}
    for k in ckpt:
        if k.endswith("bias"):
            ckpt[k] = ckpt[k] + 0.1
    model.load_state_dict(ckpt)
    print("loaded", round(cmodel(x).max().item(), 4))
    model.load_state_dict({**ckpt, "_extra_state": {"temperature": 0.5}})
    print("loaded2", round(cmodel(x).max().item(), 4))
