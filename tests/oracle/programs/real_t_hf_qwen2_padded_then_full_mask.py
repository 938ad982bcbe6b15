"""real: HF Qwen2ForCausalLM (tiny config) compiled and called for batched scoring with a left-padded attention mask, then with an all-ones mask, then with attention_mask=None, then padded again -- transformers causal-mask creation (sdpa mask skipping when no padding) across calls."""
import torch
from transformers import Qwen2Config, Qwen2ForCausalLM
torch.manual_seed(0)

config = Qwen2Config(vocab_size=60, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=32)
model = Qwen2ForCausalLM(config).eval()
cmodel = torch.compile(model)
ids = torch.randint(1, 60, (2, 6))
padded = torch.tensor([[0, 0, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1]])
full = torch.ones(2, 6, dtype=torch.long)
with torch.no_grad():
    for name, mask in [("padded", padded), ("full", full), ("none", None), ("padded", padded)]:
        out = cmodel(input_ids=ids, attention_mask=mask, use_cache=False).logits
        ref = model(input_ids=ids, attention_mask=mask, use_cache=False).logits
        print(name, out[:, -1].argmax(-1).tolist(), torch.allclose(out, ref, atol=1e-4))
