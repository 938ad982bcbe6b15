"""real: HF GPT2ForSequenceClassification (tiny config) compiled, scored under no_grad on a right-padded batch: pooling takes the last token that is not config.pad_token_id; the script then changes model.config.pad_token_id (tokenizer re-saved with another pad token) and scores the same ids again -- transformers GPT2ForSequenceClassification last-non-pad-token pooling."""
import torch
from transformers import GPT2Config, GPT2ForSequenceClassification
torch.manual_seed(0)

config = GPT2Config(vocab_size=64, n_positions=32, n_embd=32, n_layer=2, n_head=2, num_labels=3,
                    pad_token_id=0, bos_token_id=1, eos_token_id=2)
model = GPT2ForSequenceClassification(config).eval()
cmodel = torch.compile(model)
ids = torch.tensor([[5, 6, 7, 8, 0, 0], [9, 10, 11, 63, 63, 63]])
mask = torch.tensor([[1, 1, 1, 1, 0, 0], [1, 1, 1, 1, 1, 1]])
with torch.no_grad():
    for pad in (0, 63, 0):
        model.config.pad_token_id = pad
        out = cmodel(input_ids=ids, attention_mask=mask)
        ref = model(input_ids=ids, attention_mask=mask)
        print(pad, [round(v, 4) for v in out.logits.sum(-1).tolist()],
              torch.allclose(out.logits, ref.logits, atol=1e-5))
