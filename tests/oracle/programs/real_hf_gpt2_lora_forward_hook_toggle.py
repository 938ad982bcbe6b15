"""real: LoRA adapters attached to a HF GPT2LMHeadModel (tiny config) by forward hooks on every block's attn.c_attn: a hook object holds lora_A/lora_B nn.Linear, self.scale and self.enabled; hooks registered before compiling; the script scores with adapters on, changes scale (alpha/r), disables them (base model), then re-enables -- PEFT-style LoRA via register_forward_hook with disable_adapter toggling."""
import torch
import torch.nn as nn
from transformers import GPT2Config, GPT2LMHeadModel
torch.manual_seed(0)


class LoraHook:
    def __init__(self, d_in, d_out, r=4, alpha=8):
        self.lora_A = nn.Linear(d_in, r, bias=False)
        self.lora_B = nn.Linear(r, d_out, bias=False)
        nn.init.normal_(self.lora_B.weight, std=0.05)
        self.scale = alpha / r
        self.enabled = True

    def __call__(self, module, inputs, output):
        if not self.enabled:
            return output
        return output + self.lora_B(self.lora_A(inputs[0])) * self.scale


config = GPT2Config(vocab_size=64, n_positions=32, n_embd=32, n_layer=2, n_head=2)
model = GPT2LMHeadModel(config).eval()
hooks = []
for block in model.transformer.h:
    h = LoraHook(32, 96)
    block.attn.c_attn.register_forward_hook(h)
    hooks.append(h)
cmodel = torch.compile(model)
ids = torch.tensor([[3, 8, 13, 21, 34, 55]])
with torch.no_grad():
    for step, (enabled, scale) in enumerate([(True, 2.0), (True, 2.0), (True, 4.0), (False, 4.0), (True, 4.0)]):
        for h in hooks:
            h.enabled, h.scale = enabled, scale
        out = cmodel(input_ids=ids, use_cache=False)
        ref = model(input_ids=ids, use_cache=False)
        print(step, enabled, scale, round(out.logits.abs().sum().item(), 3),
              torch.allclose(out.logits, ref.logits, atol=1e-5))
