"""real: LLM2Vec-style conversion of a HF LlamaModel (tiny config) into a bidirectional encoder: compiled, mean-pooled embeddings under no_grad (no attention_mask, so sdpa uses the module's is_causal); then every layer's self_attn.is_causal is set False, then each attention's scaling float is multiplied by 0.5 (temperature), then both restored -- LLM2Vec / decoder-as-encoder attention patching."""
import torch
from transformers import LlamaConfig, LlamaModel
torch.manual_seed(0)

config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=32)
model = LlamaModel(config).eval()
cmodel = torch.compile(model)
ids = torch.tensor([[1, 7, 12, 19, 23, 31], [1, 4, 9, 16, 25, 36]])
base_scaling = model.layers[0].self_attn.scaling
with torch.no_grad():
    for causal, mult in ((True, 1.0), (False, 1.0), (False, 0.5), (True, 1.0)):
        for layer in model.layers:
            layer.self_attn.is_causal = causal
            layer.self_attn.scaling = base_scaling * mult
        out = cmodel(input_ids=ids, use_cache=False)
        ref = model(input_ids=ids, use_cache=False)
        emb = out.last_hidden_state.mean(1)
        print(causal, mult, round(emb.abs().sum().item(), 4), torch.allclose(out.last_hidden_state, ref.last_hidden_state, atol=1e-5))
