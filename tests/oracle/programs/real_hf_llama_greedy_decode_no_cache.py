"""real: tiny HF LlamaForCausalLM compiled, greedy decode loop of 4 steps without a KV cache (sequence grows each step) -- transformers greedy decoding."""
import torch
from transformers import LlamaConfig, LlamaForCausalLM

torch.manual_seed(0)
config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=32)
model = LlamaForCausalLM(config).eval()
cmodel = torch.compile(model)
ids = torch.tensor([[3, 14, 15, 9]])
with torch.no_grad():
    for _ in range(4):
        logits = cmodel(input_ids=ids, use_cache=False).logits
        nxt = logits[:, -1].argmax(-1, keepdim=True)
        ids = torch.cat([ids, nxt], dim=1)
print(ids.tolist())
