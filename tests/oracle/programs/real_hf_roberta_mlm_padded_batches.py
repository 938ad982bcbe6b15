"""real: HF RobertaForMaskedLM (tiny config) compiled, eval under no_grad on right-padded batches (padding-aware position ids, attention_mask) of batch 2 then 3, then an MLM loss with -100 labels -- transformers RobertaForMaskedLM fill-mask / MLM evaluation."""
import torch
from transformers import RobertaConfig, RobertaForMaskedLM
torch.manual_seed(0)

config = RobertaConfig(vocab_size=120, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                       intermediate_size=64, max_position_embeddings=40, pad_token_id=1,
                       hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0)
model = RobertaForMaskedLM(config).eval()
cmodel = torch.compile(model)


def batch(lengths, T=8):
    ids = torch.full((len(lengths), T), config.pad_token_id)
    for i, n in enumerate(lengths):
        ids[i, :n] = torch.randint(3, 120, (n,))
    return ids, (ids != config.pad_token_id).long()


with torch.no_grad():
    for lengths in ((8, 5), (6, 8, 3)):
        ids, mask = batch(lengths)
        logits = cmodel(input_ids=ids, attention_mask=mask).logits
        print(len(lengths), tuple(logits.shape), round(logits[mask.bool()].sum().item(), 2))
    ids, mask = batch((8, 7))
    labels = torch.full_like(ids, -100)
    labels[:, 2] = ids[:, 2]
    ids[:, 2] = 4  # <mask>
    out = cmodel(input_ids=ids, attention_mask=mask, labels=labels)
    print("mlm", round(out.loss.item(), 3))
