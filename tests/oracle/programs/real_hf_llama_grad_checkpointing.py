"""real: HF LlamaForCausalLM (tiny config) with gradient_checkpointing_enable(), compiled, two train steps with labels -- transformers memory-saving fine-tuning."""
import torch
from transformers import LlamaConfig, LlamaForCausalLM
torch.manual_seed(0)

config = LlamaConfig(vocab_size=100, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=64)
model = LlamaForCausalLM(config)
model.gradient_checkpointing_enable()
model.train()
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
for _ in range(2):
    ids = torch.randint(0, 100, (2, 8))
    loss = cmodel(input_ids=ids, labels=ids, use_cache=False).loss
    loss.backward()
    opt.step()
    opt.zero_grad()
