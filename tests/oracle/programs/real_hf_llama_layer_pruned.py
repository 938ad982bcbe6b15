"""real: tiny HF LlamaForCausalLM compiled; after a call its decoder ModuleList is pruned to one layer (and config updated) -- transformers layer pruning between evaluations."""
import torch
import torch.nn as nn
from transformers import LlamaConfig, LlamaForCausalLM

torch.manual_seed(0)
config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=32)
model = LlamaForCausalLM(config).eval()
cmodel = torch.compile(model)
ids = torch.tensor([[3, 14, 15, 9, 26]])
with torch.no_grad():
    print(round(cmodel(input_ids=ids, use_cache=False).logits.sum().item(), 3))
    model.model.layers = nn.ModuleList(list(model.model.layers)[:1])
    model.config.num_hidden_layers = 1
    print(round(cmodel(input_ids=ids, use_cache=False).logits.sum().item(), 3))
    print(round(cmodel(input_ids=ids, use_cache=False).logits.sum().item(), 3))
