"""real: HF BartForSequenceClassification (tiny config) compiled, scored under no_grad: the head pools the hidden state at the last <eos> (hidden_states[eos_mask] boolean indexing, torch_compilable_check on torch.unique_consecutive of eos counts), on a batch of 2, a batch of 3 with padding after eos, then a train step with labels -- transformers BART eos-pooled sentence classification (MNLI fine-tuning)."""
import torch
from transformers import BartConfig, BartForSequenceClassification
torch.manual_seed(0)

config = BartConfig(vocab_size=64, d_model=32, encoder_layers=1, decoder_layers=1, encoder_attention_heads=2,
                    decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64, max_position_embeddings=32,
                    num_labels=3, pad_token_id=1, bos_token_id=0, eos_token_id=2, dropout=0.0)
model = BartForSequenceClassification(config).eval()
cmodel = torch.compile(model)
batches = [
    torch.tensor([[0, 5, 9, 13, 2], [0, 6, 10, 14, 2]]),
    torch.tensor([[0, 5, 9, 2, 1, 1], [0, 7, 11, 15, 19, 2], [0, 8, 2, 1, 1, 1]]),
]
with torch.no_grad():
    for ids in batches:
        out = cmodel(input_ids=ids, attention_mask=(ids != 1).long())
        ref = model(input_ids=ids, attention_mask=(ids != 1).long())
        print(tuple(ids.shape), [round(v, 4) for v in out.logits.sum(-1).tolist()], torch.allclose(out.logits, ref.logits, atol=1e-5))
model.train()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
ids = batches[0]
for step in range(2):
    out = cmodel(input_ids=ids, attention_mask=(ids != 1).long(), labels=torch.tensor([0, 2]))
    out.loss.backward()
    opt.step()
    opt.zero_grad()
    print("train", step, round(out.loss.item(), 4))
