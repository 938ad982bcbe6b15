"""real: HF GPT2Model (tiny config) compiled, scored under no_grad; between calls the script edits model.config.use_cache (past_key_values returned or not) and model.config.return_dict (ModelOutput vs tuple, read by the output decorator), as scripts do to make a model export-friendly -- transformers config.use_cache / config.return_dict toggles."""
import torch
from transformers import GPT2Config, GPT2Model
torch.manual_seed(0)

config = GPT2Config(vocab_size=64, n_positions=32, n_embd=32, n_layer=2, n_head=2)
model = GPT2Model(config).eval()
cmodel = torch.compile(model)
ids = torch.tensor([[3, 8, 13, 21, 34]])
with torch.no_grad():
    for use_cache, return_dict in ((True, True), (False, True), (False, False), (True, False), (True, True)):
        model.config.use_cache = use_cache
        model.config.return_dict = return_dict
        out = cmodel(input_ids=ids)
        if isinstance(out, tuple):
            logits, kind, n = out[0], "tuple", len(out)
        else:
            logits, kind, n = out.last_hidden_state, type(out).__name__, len(out.to_tuple())
        print(use_cache, return_dict, kind, n, round(logits.abs().sum().item(), 3))
