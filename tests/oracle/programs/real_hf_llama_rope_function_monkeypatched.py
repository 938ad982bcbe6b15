"""real: a compiled HF LlamaForCausalLM (tiny config) whose modeling module function apply_rotary_pos_emb the script replaces between calls (no rotary embedding, as a positional-encoding ablation does), then restores -- transformers modeling-module monkeypatching (Liger-Kernel style)."""
import torch
import transformers.models.llama.modeling_llama as ml
from transformers import LlamaConfig, LlamaForCausalLM
torch.manual_seed(0)
orig = ml.apply_rotary_pos_emb
def no_rope(q, k, cos, sin, unsqueeze_dim=1):
    return q, k
config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=32)
model = LlamaForCausalLM(config).eval()
cmodel = torch.compile(model)
ids = torch.tensor([[1, 7, 12, 19, 23, 31]])
with torch.no_grad():
    for i in range(4):
        if i == 2:
            ml.apply_rotary_pos_emb = no_rope
        if i == 3:
            ml.apply_rotary_pos_emb = orig
        out = cmodel(input_ids=ids, use_cache=False)
        ref = model(input_ids=ids, use_cache=False)
        print(i, round(out.logits.abs().sum().item(), 4), torch.allclose(out.logits, ref.logits, atol=1e-5))
