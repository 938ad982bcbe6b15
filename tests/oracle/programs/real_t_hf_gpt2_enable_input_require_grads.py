"""real: HF GPT2LMHeadModel (tiny config) with frozen weights (adapter / prompt-tuning setup) compiled; model.enable_input_require_grads() registers a forward hook on the input embeddings after the first call so the outputs require grad, later disable_input_require_grads() removes it -- PEFT prepare_model_for_kbit_training shape."""
import torch
from transformers import GPT2Config, GPT2LMHeadModel
torch.manual_seed(0)

config = GPT2Config(vocab_size=50, n_positions=16, n_embd=16, n_layer=1, n_head=2,
                    resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0)
model = GPT2LMHeadModel(config)
model.eval()
for p in model.parameters():
    p.requires_grad_(False)
cmodel = torch.compile(model)
ids = torch.randint(0, 50, (1, 6))
out = cmodel(input_ids=ids, use_cache=False).logits
print("frozen", out.requires_grad)
model.enable_input_require_grads()
out = cmodel(input_ids=ids, use_cache=False).logits
print("enabled", out.requires_grad)
model.disable_input_require_grads()
out = cmodel(input_ids=ids, use_cache=False).logits
print("disabled", out.requires_grad, round(out.sum().item(), 3))
