"""real: accelerate-style mixed precision: after the model has been compiled and evaluated, prepare() patches the instance's forward (model.forward = MethodType(autocast_and_fp32_outputs(model.forward.__func__), model): run under torch.autocast("cpu", bfloat16) and cast outputs back to float32); evaluation continues through the same compiled wrapper, then the original forward is restored (del model.forward) -- huggingface/accelerate Accelerator.prepare_model convert_outputs_to_fp32."""
import functools
import types
import torch
import torch.nn as nn
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(6, 16)
        self.fc2 = nn.Linear(16, 3)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def autocast_and_fp32_outputs(forward):
    @functools.wraps(forward)
    def wrapper(self, *args, **kwargs):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            out = forward(self, *args, **kwargs)
        return out.float()
    return wrapper


model = Net().eval()
cmodel = torch.compile(model)
x = torch.randn(4, 6)
with torch.no_grad():
    print("fp32", round(cmodel(x).sum().item(), 5))
    model.forward = types.MethodType(autocast_and_fp32_outputs(model.forward.__func__), model)
    out = cmodel(x)
    print("amp", out.dtype, round(out.sum().item(), 2))
    del model.forward
    print("restored", round(cmodel(x).sum().item(), 5))
