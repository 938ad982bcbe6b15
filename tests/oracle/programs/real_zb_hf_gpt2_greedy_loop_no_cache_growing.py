"""real: hand-written greedy decoding with a compiled HF GPT2LMHeadModel (tiny config, random weights) and use_cache=False: every step re-runs the whole growing sequence (prompt of 3 tokens, 5 new tokens), takes logits[:, -1].argmax and torch.cat's it on -- the naive generate loop of tutorials and notebooks."""
import torch
import transformers

transformers.logging.set_verbosity_error()
torch.manual_seed(0)
config = transformers.GPT2Config(n_layer=1, n_head=2, n_embd=16, vocab_size=50, n_positions=32,
                                 bos_token_id=0, eos_token_id=0)
model = transformers.GPT2LMHeadModel(config).eval()
cmodel = torch.compile(model, backend="eager")

ids = torch.tensor([[5, 17, 3]])
with torch.no_grad():
    for _ in range(5):
        logits = cmodel(input_ids=ids, use_cache=False).logits
        next_id = logits[:, -1, :].argmax(dim=-1, keepdim=True)
        ids = torch.cat([ids, next_id], dim=1)
print(ids.tolist())
