"""real: HF MistralForCausalLM (tiny config, sliding_window=4) compiled, scored under no_grad on a length-8 prompt; the script then widens model.config.sliding_window to 6, then sets it to None (forward switches from create_sliding_window_causal_mask to create_causal_mask), then back to 4 -- transformers Mistral sliding-window length changed on the config for long-context evaluation."""
import torch
from transformers import MistralConfig, MistralForCausalLM
torch.manual_seed(0)

config = MistralConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                       num_attention_heads=2, num_key_value_heads=1, max_position_embeddings=32,
                       sliding_window=4)
model = MistralForCausalLM(config).eval()
cmodel = torch.compile(model)
ids = torch.tensor([[1, 7, 12, 19, 23, 31, 40, 47]])
with torch.no_grad():
    for sw in (4, 6, None, 4):
        model.config.sliding_window = sw
        out = cmodel(input_ids=ids, use_cache=False)
        ref = model(input_ids=ids, use_cache=False)
        print(sw, round(out.logits[0, -1].abs().sum().item(), 4), torch.allclose(out.logits, ref.logits, atol=1e-5))
