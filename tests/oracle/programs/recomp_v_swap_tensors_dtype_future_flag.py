"""recomp: with torch.__future__.set_swap_module_params_on_conversion(True), model.double() swaps the Parameters' contents in place (same objects, new dtype), then .float() back -- test_modules.py module conversion with swap_tensors."""
import torch
import torch.nn as nn

torch.manual_seed(0)
torch.__future__.set_swap_module_params_on_conversion(True)
model = nn.Sequential(nn.Linear(3, 2), nn.Tanh())
cm = torch.compile(model)
x = torch.randn(2, 3)
w = model[0].weight
print(round(cm(x).sum().item(), 4), cm(x).dtype)
model.double()
out = cm(x.double())
print(model[0].weight is w, out.dtype, round(out.sum().item(), 4))
model.float()
out = cm(x)
print(model[0].weight is w, out.dtype, round(out.sum().item(), 4))
torch.__future__.set_swap_module_params_on_conversion(False)
