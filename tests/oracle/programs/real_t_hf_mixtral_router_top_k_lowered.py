"""real: HF MixtralForCausalLM (tiny config, 4 experts, top-2) compiled for scoring; for faster inference the router's top_k is lowered to 1 on every layer's gate (an int attribute of MixtralTopKRouter) between calls, then set back to 2 -- expert-pruning / dynamic top-k MoE inference."""
import torch
from transformers import MixtralConfig, MixtralForCausalLM
torch.manual_seed(0)

config = MixtralConfig(vocab_size=40, hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                       num_attention_heads=2, num_key_value_heads=2, num_local_experts=4,
                       num_experts_per_tok=2, max_position_embeddings=16)
model = MixtralForCausalLM(config).eval()
cmodel = torch.compile(model)
ids = torch.randint(0, 40, (1, 5))
with torch.no_grad():
    a = cmodel(input_ids=ids, use_cache=False).logits
    for layer in model.model.layers:
        layer.mlp.gate.top_k = 1
    b = cmodel(input_ids=ids, use_cache=False).logits
    ref = model(input_ids=ids, use_cache=False).logits
    print(round((a - b).abs().max().item(), 4), torch.allclose(b, ref, atol=1e-5))
    for layer in model.model.layers:
        layer.mlp.gate.top_k = 2
    c = cmodel(input_ids=ids, use_cache=False).logits
    print(torch.allclose(a, c, atol=1e-5))
