"""real: peft DoRA (LoraLayer with use_dora) on nn.Linear -- lora_A / lora_B ModuleDicts keyed by adapter name, scaling dict (lora_alpha / r), lora_magnitude_vector ParameterDict initialised from weight norm, forward computing weight_norm = (W + scaling * B @ A).norm(p=2, dim=1).detach() and mag_norm_scale = (magnitude / weight_norm).view(1, -1); active_adapters list and `disable_adapters` flag; `merged` flag after merge() folds W into the base weight; fine-tune steps, then disable adapters for a reference eval, then merge and eval again."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class DoraLinear(nn.Module):
    def __init__(self, base: nn.Linear, adapter_name="default", r=4, lora_alpha=8):
        super().__init__()
        self.base_layer = base
        self.lora_A, self.lora_B = nn.ModuleDict(), nn.ModuleDict()
        self.lora_magnitude_vector = nn.ParameterDict()
        self.scaling = {}
        self.active_adapters = [adapter_name]
        self.disable_adapters = False
        self.merged = False
        self.lora_A[adapter_name] = nn.Linear(base.in_features, r, bias=False)
        self.lora_B[adapter_name] = nn.Linear(r, base.out_features, bias=False)
        nn.init.normal_(self.lora_B[adapter_name].weight, std=0.01)
        self.scaling[adapter_name] = lora_alpha / r
        with torch.no_grad():
            self.lora_magnitude_vector[adapter_name] = nn.Parameter(self.get_weight_norm(adapter_name), requires_grad=True)

    def get_weight_norm(self, name):
        W = self.base_layer.weight + self.scaling[name] * (self.lora_B[name].weight @ self.lora_A[name].weight)
        return torch.linalg.norm(W, dim=1).to(W.dtype)

    def merge(self):
        with torch.no_grad():
            for name in self.active_adapters:
                W = self.base_layer.weight + self.scaling[name] * (self.lora_B[name].weight @ self.lora_A[name].weight)
                W = W * (self.lora_magnitude_vector[name] / torch.linalg.norm(W, dim=1)).view(-1, 1)
                self.base_layer.weight.data = W
        self.merged = True

    def forward(self, x):
        if self.disable_adapters or self.merged:
            return self.base_layer(x)
        result = self.base_layer(x)
        for active_adapter in self.active_adapters:
            if active_adapter not in self.lora_A.keys():
                continue
            lora_A, lora_B = self.lora_A[active_adapter], self.lora_B[active_adapter]
            scaling = self.scaling[active_adapter]
            magnitude = self.lora_magnitude_vector[active_adapter]
            weight_norm = self.get_weight_norm(active_adapter).detach()
            mag_norm_scale = (magnitude / weight_norm).view(1, -1)
            lora_result = lora_B(lora_A(x))
            bias = self.base_layer.bias
            base = result - bias if bias is not None else result
            result = (mag_norm_scale - 1) * base + mag_norm_scale * lora_result * scaling
            if bias is not None:
                result = result + bias
        return result


model = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 4))
for p in model.parameters():
    p.requires_grad_(False)
model[0] = DoraLinear(model[0]); model[2] = DoraLinear(model[2])
cmodel = torch.compile(model, backend="eager")
opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-2)
for step in range(3):
    x, y = torch.randn(5, 8), torch.randn(5, 4)
    loss = F.mse_loss(cmodel(x), y)
    opt.zero_grad(); loss.backward(); opt.step()
print(round(loss.item(), 4))
x = torch.randn(3, 8)
with torch.no_grad():
    a = cmodel(x)
    for m in (model[0], model[2]):
        m.disable_adapters = True
    ref = cmodel(x)
    for m in (model[0], model[2]):
        m.disable_adapters = False
        m.merge()
    merged = cmodel(x)
print(round((a - ref).abs().max().item(), 4), round((a - merged).abs().max().item(), 4))
