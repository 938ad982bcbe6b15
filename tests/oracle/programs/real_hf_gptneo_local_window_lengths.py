"""real: HF GPTNeoForCausalLM (tiny config, one global and one local attention layer with window_size 4) compiled, scored under no_grad at lengths below and beyond the local window, use_cache=False -- transformers GPTNeoForCausalLM perplexity evaluation."""
import torch
from transformers import GPTNeoConfig, GPTNeoForCausalLM
torch.manual_seed(0)

config = GPTNeoConfig(vocab_size=100, max_position_embeddings=32, hidden_size=32, num_layers=2,
                      attention_types=[[["global", "local"], 1]], num_heads=2, window_size=4,
                      intermediate_size=64, bos_token_id=0, eos_token_id=0, embed_dropout=0.0, attention_dropout=0.0, resid_dropout=0.0)
model = GPTNeoForCausalLM(config).eval()
cmodel = torch.compile(model)
with torch.no_grad():
    for T in (3, 6, 10):
        ids = torch.randint(0, 100, (2, T))
        out = cmodel(input_ids=ids, labels=ids, use_cache=False)
        print(T, round(out.loss.item(), 3), round(out.logits[:, -1].sum().item(), 2))
