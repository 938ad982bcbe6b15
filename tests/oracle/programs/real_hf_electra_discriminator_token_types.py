"""real: HF ElectraForPreTraining (tiny config, embedding_size 16 projected to hidden 32) compiled, replaced-token-detection scoring under no_grad: first without token_type_ids (buffered zeros), then with explicit token_type_ids, then with labels and an attention_mask -- transformers ELECTRA discriminator."""
import torch
from transformers import ElectraConfig, ElectraForPreTraining
torch.manual_seed(0)

config = ElectraConfig(vocab_size=100, embedding_size=16, hidden_size=32, num_hidden_layers=2,
                       num_attention_heads=2, intermediate_size=64, max_position_embeddings=32,
                       hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0)
model = ElectraForPreTraining(config).eval()
cmodel = torch.compile(model)
ids = torch.randint(5, 100, (2, 10))
with torch.no_grad():
    logits = cmodel(input_ids=ids).logits
    print("plain", (logits > 0).sum().item(), round(logits.abs().sum().item(), 2))
    tt = torch.zeros_like(ids)
    tt[:, 5:] = 1
    logits = cmodel(input_ids=ids, token_type_ids=tt).logits
    print("types", (logits > 0).sum().item(), round(logits.abs().sum().item(), 2))
    mask = torch.ones_like(ids)
    mask[1, 7:] = 0
    labels = (torch.arange(10) % 3 == 0).long().expand(2, 10)
    out = cmodel(input_ids=ids, attention_mask=mask, labels=labels)
    print("loss", round(out.loss.item(), 3))
