# BERT's padding-mask helper tests `padding_mask.all()` (masking_utils.py:354), a data-dependent branch it skips
# when it is being traced: torch.compiler.is_compiling() is True while the frame is recorded, as under Dynamo (which
# compiles it without a break), so one graph.
# expect-graphs: 1
# expect-ops: 123
# expect-breaks: none
"""A tiny BERT built from a transformers config with random weights (no
download), compiled, run on a padded batch."""
import torch
from transformers import BertConfig, BertModel

torch.manual_seed(0)
config = BertConfig(vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                    intermediate_size=64, max_position_embeddings=32)
model = BertModel(config).eval()
compiled = torch.compile(model)
ids = torch.randint(0, 100, (2, 10))
mask = torch.ones(2, 10, dtype=torch.long)
mask[1, 6:] = 0
with torch.no_grad():
    out = compiled(input_ids=ids, attention_mask=mask)
print(tuple(out.last_hidden_state.shape), round(float(out.pooler_output.abs().sum()), 4))
