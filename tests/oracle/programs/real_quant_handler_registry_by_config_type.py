"""real: torchao-style weight fake-quantization driven by a handler registry keyed by config class (_QUANTIZE_CONFIG_HANDLER[type(config)] filled by a @register_quantize_module_handler(ConfigType) decorator); the compiled forward fake-quantizes each Linear's weight with the handler of the model's config; mid-run the project re-registers a better Int8WeightOnly handler (per-channel scales instead of per-tensor) -- pytorch/ao quantize_ / _QUANTIZE_CONFIG_HANDLER."""
import torch
import torch.nn as nn
torch.manual_seed(0)

_QUANTIZE_CONFIG_HANDLER = {}


def register_quantize_module_handler(config_type):
    def decorator(func):
        _QUANTIZE_CONFIG_HANDLER[config_type] = func
        return func
    return decorator


class Int8WeightOnlyConfig:
    bits = 8


@register_quantize_module_handler(Int8WeightOnlyConfig)
def _int8_per_tensor(w, config):
    qmax = 2 ** (config.bits - 1) - 1
    scale = w.abs().max() / qmax
    return torch.round(w / scale).clamp(-qmax, qmax) * scale


class QuantLinearNet(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.fc1 = nn.Linear(5, 7)
        self.fc2 = nn.Linear(7, 2)
        self.config = config

    def qlinear(self, layer, x):
        handler = _QUANTIZE_CONFIG_HANDLER[type(self.config)]
        return nn.functional.linear(x, handler(layer.weight, self.config), layer.bias)

    def forward(self, x):
        return self.qlinear(self.fc2, torch.relu(self.qlinear(self.fc1, x)))


model = QuantLinearNet(Int8WeightOnlyConfig()).eval()
cmodel = torch.compile(model)
x = torch.randn(3, 5) * 4
with torch.no_grad():
    print("per-tensor", round(cmodel(x).sum().item(), 5))
    print("per-tensor again", round(cmodel(x + 1).sum().item(), 5))

    @register_quantize_module_handler(Int8WeightOnlyConfig)
    def _int8_per_channel(w, config):
        qmax = 2 ** (config.bits - 1) - 1
        scale = w.abs().amax(dim=1, keepdim=True) / qmax
        return torch.round(w / scale).clamp(-qmax, qmax) * scale

    print("per-channel", round(cmodel(x).sum().item(), 5))
    Int8WeightOnlyConfig.bits = 4
    print("4-bit", round(cmodel(x).sum().item(), 5))
