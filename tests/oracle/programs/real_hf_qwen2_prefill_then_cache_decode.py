"""real: HF Qwen2ForCausalLM (tiny config, GQA) compiled; prefill with use_cache=True, then greedy decode steps feeding the returned DynamicCache past_key_values back one token at a time -- transformers greedy decoding with a KV cache."""
import torch
from transformers import Qwen2Config, Qwen2ForCausalLM
torch.manual_seed(0)

config = Qwen2Config(vocab_size=128, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64)
model = Qwen2ForCausalLM(config).eval()
cmodel = torch.compile(model)
ids = torch.randint(0, 128, (1, 5))
with torch.no_grad():
    out = cmodel(input_ids=ids, use_cache=True)
    past = out.past_key_values
    tokens = ids
    for step in range(4):
        nxt = out.logits[:, -1:].argmax(-1)
        tokens = torch.cat([tokens, nxt], dim=1)
        out = cmodel(input_ids=nxt, past_key_values=past, use_cache=True)
        past = out.past_key_values
    print(tokens.tolist(), past.get_seq_length())
