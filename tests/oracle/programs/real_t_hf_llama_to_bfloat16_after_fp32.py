"""real: HF LlamaForCausalLM (tiny config) compiled, scored in float32, then converted with model.to(torch.bfloat16) for cheaper inference and called again, then back to float32 -- transformers dtype conversion between calls of a compiled model."""
import torch
from transformers import LlamaConfig, LlamaForCausalLM
torch.manual_seed(0)

config = LlamaConfig(vocab_size=50, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=4, num_key_value_heads=4, max_position_embeddings=32)
model = LlamaForCausalLM(config).eval()
cmodel = torch.compile(model)
ids = torch.randint(0, 50, (1, 6))
with torch.no_grad():
    a = cmodel(input_ids=ids, use_cache=False).logits
    print(a.dtype, a[0, -1].argmax().item())
    model.to(torch.bfloat16)
    b = cmodel(input_ids=ids, use_cache=False).logits
    print(b.dtype, b[0, -1].argmax().item(), model.model.layers[0].self_attn.q_proj.weight.dtype)
    model.to(torch.float32)
    c = cmodel(input_ids=ids, use_cache=False).logits
    print(c.dtype, round((c - a).abs().max().item(), 3) < 0.1)
