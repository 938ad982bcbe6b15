"""real: HF LlamaForCausalLM (tiny config) compiled; prefill with logits_to_keep=1 (only the last position's logits, as generate() does), then scoring with logits_to_keep=0 (all positions), then logits_to_keep=3 (a Python int slice(-3, None)), then a 1-D tensor of positions to keep -- transformers logits_to_keep / num_logits_to_keep argument."""
import torch
from transformers import LlamaConfig, LlamaForCausalLM
torch.manual_seed(0)

config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=32)
model = LlamaForCausalLM(config).eval()
cmodel = torch.compile(model)
ids = torch.tensor([[1, 7, 12, 19, 23, 31, 40]])
with torch.no_grad():
    for keep in (1, 0, 3, 2, torch.tensor([0, 4])):
        out = cmodel(input_ids=ids, use_cache=False, logits_to_keep=keep)
        ref = model(input_ids=ids, use_cache=False, logits_to_keep=keep)
        k = keep.tolist() if torch.is_tensor(keep) else keep
        print(k, tuple(out.logits.shape), round(out.logits.abs().sum().item(), 3), torch.allclose(out.logits, ref.logits, atol=1e-5))
