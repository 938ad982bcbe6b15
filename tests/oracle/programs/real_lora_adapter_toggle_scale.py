"""real: LoRA-wrapped Linear layers with a Python enabled flag and a float scaling attribute; the compiled model is called with adapters on, then disabled (disable_adapter), then re-enabled with a new alpha -- peft LoraLayer.forward / set_adapter / scaling shape."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class LoraLinear(nn.Module):
    def __init__(self, base, r=2, alpha=4):
        super().__init__()
        self.base = base
        self.lora_A = nn.Linear(base.in_features, r, bias=False)
        self.lora_B = nn.Linear(r, base.out_features, bias=False)
        nn.init.normal_(self.lora_B.weight, std=0.5)
        self.r = r
        self.scaling = alpha / r
        self.disable_adapters = False

    def forward(self, x):
        out = self.base(x)
        if self.disable_adapters:
            return out
        return out + self.lora_B(self.lora_A(x)) * self.scaling

model = nn.Sequential(LoraLinear(nn.Linear(6, 6)), nn.ReLU(), LoraLinear(nn.Linear(6, 3)))
cmodel = torch.compile(model)
x = torch.randn(2, 6)

def set_all(**kw):
    for m in model.modules():
        if isinstance(m, LoraLinear):
            for k, v in kw.items():
                setattr(m, k, v)

with torch.no_grad():
    print("lora", round(cmodel(x).sum().item(), 4))
    set_all(disable_adapters=True)
    print("base", round(cmodel(x).sum().item(), 4))
    set_all(disable_adapters=False)
    print("lora again", round(cmodel(x).sum().item(), 4))
    set_all(scaling=16 / 2)
    print("alpha16", round(cmodel(x).sum().item(), 4), round(model(x).sum().item(), 4))
    set_all(scaling=1 / 2)
    print("alpha1", round(cmodel(x).sum().item(), 4), round(model(x).sum().item(), 4))
