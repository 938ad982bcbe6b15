"""real: PEFT-style LoRA on a HF LlamaForCausalLM (tiny config): q_proj and v_proj of every layer replaced by a LoraLinear module (base nn.Linear + lora_A/lora_B, Python flags self.disable_adapters and self.merged); compiled model trained 2 steps on the adapters only, then scored with adapters disabled (with model.disable_adapter()-like toggle), then merge_and_unload-style merge (base weight += B@A * scale in place, merged = True) -- peft LoraLayer forward/merge."""
import torch
import torch.nn as nn
from transformers import LlamaConfig, LlamaForCausalLM
torch.manual_seed(0)


class LoraLinear(nn.Module):
    def __init__(self, base, r=4, alpha=8):
        super().__init__()
        self.base_layer = base
        self.lora_A = nn.Linear(base.in_features, r, bias=False)
        self.lora_B = nn.Linear(r, base.out_features, bias=False)
        nn.init.normal_(self.lora_B.weight, std=0.02)
        self.scaling = alpha / r
        self.disable_adapters = False
        self.merged = False

    def forward(self, x):
        result = self.base_layer(x)
        if self.disable_adapters or self.merged:
            return result
        return result + self.lora_B(self.lora_A(x)) * self.scaling

    @torch.no_grad()
    def merge(self):
        self.base_layer.weight += (self.lora_B.weight @ self.lora_A.weight) * self.scaling
        self.merged = True


config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=32)
model = LlamaForCausalLM(config)
for p in model.parameters():
    p.requires_grad_(False)
loras = []
for layer in model.model.layers:
    for name in ("q_proj", "v_proj"):
        lora = LoraLinear(getattr(layer.self_attn, name))
        setattr(layer.self_attn, name, lora)
        loras.append(lora)
params = [p for l in loras for p in (l.lora_A.weight, l.lora_B.weight)]
opt = torch.optim.AdamW(params, lr=1e-2)
cmodel = torch.compile(model)
ids = torch.tensor([[1, 5, 9, 14, 20, 27, 35]])
for step in range(2):
    out = cmodel(input_ids=ids, labels=ids, use_cache=False)
    out.loss.backward()
    opt.step()
    opt.zero_grad()
    print("train", step, round(out.loss.item(), 4))
model.eval()
with torch.no_grad():
    for phase in ("adapters", "disabled", "merged"):
        for l in loras:
            l.disable_adapters = phase == "disabled"
        if phase == "merged":
            for l in loras:
                l.merge()
        out = cmodel(input_ids=ids, use_cache=False)
        ref = model(input_ids=ids, use_cache=False)
        print(phase, round(out.logits.abs().sum().item(), 3), torch.allclose(out.logits, ref.logits, atol=1e-4))
