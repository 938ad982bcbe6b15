"""real: HF LlamaForCausalLM (tiny config) compiled; for a context-extension experiment the user rescales the rotary embedding by hand between calls: rotary_emb.inv_freq replaced by inv_freq / 4 (position interpolation) and rotary_emb.attention_scaling set to 1.2 (a YaRN-style mscale float attribute), then restored -- RoPE scaling patched on a live model."""
import torch
from transformers import LlamaConfig, LlamaForCausalLM
torch.manual_seed(0)

config = LlamaConfig(vocab_size=50, hidden_size=32, intermediate_size=64, num_hidden_layers=1,
                     num_attention_heads=4, num_key_value_heads=4, max_position_embeddings=32)
model = LlamaForCausalLM(config).eval()
cmodel = torch.compile(model)
rope = model.model.rotary_emb
ids = torch.randint(0, 50, (1, 8))
with torch.no_grad():
    base = cmodel(input_ids=ids, use_cache=False).logits
    orig = rope.inv_freq.clone()
    rope.inv_freq = orig / 4
    a = cmodel(input_ids=ids, use_cache=False).logits
    print("interp", round((a - base).abs().max().item(), 4), torch.allclose(a, model(input_ids=ids, use_cache=False).logits, atol=1e-5))
    rope.attention_scaling = 1.2
    b = cmodel(input_ids=ids, use_cache=False).logits
    print("mscale", round((b - a).abs().max().item(), 4), torch.allclose(b, model(input_ids=ids, use_cache=False).logits, atol=1e-5))
    rope.inv_freq = orig
    rope.attention_scaling = 1.0
    c = cmodel(input_ids=ids, use_cache=False).logits
    print("restored", torch.allclose(c, base, atol=1e-5))
