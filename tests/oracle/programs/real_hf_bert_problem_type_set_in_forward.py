"""real: HF BertForSequenceClassification (tiny config, problem_type None) compiled; the first train step with int labels makes forward itself set config.problem_type = "single_label_classification"; later the script switches to multi-label (config.problem_type = "multi_label_classification", float multi-hot labels, BCE loss) -- transformers problem_type inference inside forward."""
import torch
from transformers import BertConfig, BertForSequenceClassification
torch.manual_seed(0)

config = BertConfig(vocab_size=64, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                    intermediate_size=64, max_position_embeddings=32, num_labels=3,
                    hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0)
model = BertForSequenceClassification(config)
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
ids = torch.tensor([[2, 5, 7, 9, 3], [2, 11, 13, 3, 0]])
mask = (ids != 0).long()
int_labels = torch.tensor([1, 2])
multi_hot = torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 0.0]])
for step in range(4):
    if step == 2:
        model.config.problem_type = "multi_label_classification"
    labels = int_labels if step < 2 else multi_hot
    out = cmodel(input_ids=ids, attention_mask=mask, labels=labels)
    out.loss.backward()
    opt.step()
    opt.zero_grad()
    print(step, model.config.problem_type, round(out.loss.item(), 4))
