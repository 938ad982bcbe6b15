"""real: HF GPT2LMHeadModel (tiny config, tied lm_head) compiled, scored under no_grad; then model.resize_token_embeddings(vocab + 2) after adding special tokens (new wte Embedding, lm_head re-tied), scored again including the new token ids, then resized down to a multiple of 8 (pad_to_multiple_of) -- transformers add_special_tokens + resize_token_embeddings."""
import torch
from transformers import GPT2Config, GPT2LMHeadModel
torch.manual_seed(0)

config = GPT2Config(vocab_size=60, n_positions=32, n_embd=32, n_layer=2, n_head=2, bos_token_id=1, eos_token_id=2)
model = GPT2LMHeadModel(config).eval()
cmodel = torch.compile(model)
ids = torch.tensor([[3, 8, 13, 21, 34, 55]])
with torch.no_grad():
    out = cmodel(input_ids=ids, use_cache=False)
    print("base", out.logits.shape[-1], round(out.logits.abs().sum().item(), 3))
    torch.manual_seed(1)
    model.resize_token_embeddings(62, mean_resizing=False)
    ids2 = torch.tensor([[60, 8, 13, 21, 61, 55]])
    for x in (ids, ids2):
        out = cmodel(input_ids=x, use_cache=False)
        ref = model(input_ids=x, use_cache=False)
        print("resized", out.logits.shape[-1], round(out.logits.abs().sum().item(), 3),
              torch.allclose(out.logits, ref.logits, atol=1e-5))
    model.resize_token_embeddings(61, pad_to_multiple_of=8, mean_resizing=False)
    out = cmodel(input_ids=ids2, use_cache=False)
    ref = model(input_ids=ids2, use_cache=False)
    print("padded", out.logits.shape[-1], round(out.logits.abs().sum().item(), 3),
          torch.allclose(out.logits, ref.logits, atol=1e-5))
