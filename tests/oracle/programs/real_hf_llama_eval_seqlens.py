"""real: HF LlamaForCausalLM (tiny config) compiled, evaluated under no_grad on prompts of three lengths -- transformers causal-LM scoring loop."""
import torch
from transformers import LlamaConfig, LlamaForCausalLM
torch.manual_seed(0)

config = LlamaConfig(vocab_size=100, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=2, num_key_value_heads=1, max_position_embeddings=64)
model = LlamaForCausalLM(config).eval()
cmodel = torch.compile(model)
with torch.no_grad():
    for T in (5, 7, 9):
        logits = cmodel(input_ids=torch.randint(0, 100, (1, T)), use_cache=False).logits
        assert logits.shape == (1, T, 100)
