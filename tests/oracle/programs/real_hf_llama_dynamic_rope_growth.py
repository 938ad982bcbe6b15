"""real: HF LlamaForCausalLM (tiny config, rope_parameters rope_type "dynamic" with max_position_embeddings 8) compiled, scored under no_grad at lengths 6, 12 (beyond: the rotary module re-registers inv_freq and bumps max_seq_len_cached inside forward), 14, then 5 (reset to the original inv_freq) -- transformers LlamaForCausalLM dynamic NTK RoPE scaling."""
import torch
from transformers import LlamaConfig, LlamaForCausalLM
torch.manual_seed(0)

config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=8,
                     rope_parameters={"rope_type": "dynamic", "factor": 2.0, "rope_theta": 10000.0})
model = LlamaForCausalLM(config).eval()
cmodel = torch.compile(model)
with torch.no_grad():
    for n in (6, 12, 14, 5):
        ids = (torch.arange(n).unsqueeze(0) * 7 + 3) % 64
        out = cmodel(input_ids=ids, use_cache=False)
        ref = model(input_ids=ids, use_cache=False)
        rot = model.model.rotary_emb
        print(n, round(out.logits.sum().item(), 3), torch.allclose(out.logits, ref.logits, atol=1e-4),
              int(rot.max_seq_len_cached), round(rot.inv_freq.sum().item(), 4))
