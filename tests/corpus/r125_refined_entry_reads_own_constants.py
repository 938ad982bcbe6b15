# A tiny BART (random weights) fine-tuned for three steps, then decoded
# greedily with a growing decoder_input_ids under no_grad. The decoder's
# attention makes empty f32[0] constants in every layer; the training
# entry's graph holds a 0-dim int64 constant of the same name. The third
# decode call is recorded to be compared (settled) and shows the second
# decode entry's sizes are expressions in its symbol, so that entry is
# rewritten from it: the rewritten graphs must read the constants this
# call took, not the training entry's (replay fed them the int64 scalar).
# Dynamo (torch 2.13): 3 graphs, 2 recompiles (grad_mode, then the length).
# expect-entries: 3
# expect-graphs: 3
# expect-reason: 0/0: GLOBAL_STATE changed: grad_mode
# expect-reason: 0/1: tensor 'kwargs['decoder_input_ids']' size mismatch at index 1. expected 1, actual 2
# expect-dynamic: dynamic size L['kwargs']['decoder_input_ids'] size(1) = 2: automatic dynamic: its size changed in an earlier compile of this frame
# expect-dynamic: a second recording (a cache hit) showed numbers the first could not tell from constants (a view's storage offset) are expressions in the entry's sizes
import torch
from transformers import BartConfig, BartForConditionalGeneration

torch.manual_seed(0)
config = BartConfig(vocab_size=64, d_model=32, encoder_layers=2, decoder_layers=2, encoder_attention_heads=2,
                    decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64, max_position_embeddings=32,
                    pad_token_id=1, bos_token_id=0, eos_token_id=2, decoder_start_token_id=2, forced_eos_token_id=None)
model = BartForConditionalGeneration(config)
cmodel = torch.compile(model)
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4)
for step in range(3):
    src = torch.randint(3, 64, (2, 10))
    labels = torch.randint(3, 64, (2, 5))
    out = cmodel(input_ids=src, labels=labels)
    out.loss.backward()
    optimizer.step()
    optimizer.zero_grad()
model.eval()
with torch.no_grad():
    enc = model.get_encoder()(input_ids=torch.randint(3, 64, (1, 9)))
    dec = torch.tensor([[config.decoder_start_token_id]])
    for _ in range(4):
        logits = cmodel(encoder_outputs=enc, decoder_input_ids=dec).logits
        dec = torch.cat([dec, logits[:, -1:].argmax(-1)], dim=1)
print(dec.tolist())
