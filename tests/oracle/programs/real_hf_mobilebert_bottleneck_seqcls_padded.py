"""real: HF MobileBertForSequenceClassification (tiny config, bottleneck layers, NoNorm, stacked FFNs) compiled: one train step with labels and token_type_ids, then eval on a padded batch with attention_mask and on a longer batch -- transformers MobileBERT GLUE fine-tune."""
import torch
from transformers import MobileBertConfig, MobileBertForSequenceClassification
torch.manual_seed(0)

config = MobileBertConfig(vocab_size=100, hidden_size=32, embedding_size=16, num_hidden_layers=2, num_attention_heads=2,
                          intermediate_size=32, intra_bottleneck_size=16, true_hidden_size=16, num_feedforward_networks=2,
                          max_position_embeddings=64, hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0,
                          classifier_dropout=0.0, num_labels=2)
model = MobileBertForSequenceClassification(config)
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
ids = torch.randint(1, 100, (2, 6))
tt = torch.tensor([[0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]])
model.train()
loss = cmodel(input_ids=ids, token_type_ids=tt, labels=torch.tensor([0, 1])).loss
loss.backward()
opt.step()
print("train", round(loss.item(), 4))
model.eval()
with torch.no_grad():
    mask = torch.ones_like(ids)
    mask[1, 4:] = 0
    print("padded", cmodel(input_ids=ids, attention_mask=mask).logits.argmax(-1).tolist())
    ids = torch.randint(1, 100, (2, 9))
    print("longer", round(cmodel(input_ids=ids, attention_mask=torch.ones_like(ids)).logits.sum().item(), 4))
