"""real: text-classification pipeline around a compiled function: Python pre-processing (whitespace tokenizer, vocab dict, right padding) outside, a compiled classify(model, ids, mask) that runs a HF DistilBertForSequenceClassification (tiny config) and post-processes inside (softmax or sigmoid chosen by model.config.problem_type, top-k by model.config.id2label); between calls the script relabels config.id2label and switches problem_type to multi-label -- transformers TextClassificationPipeline postprocess (function_to_apply)."""
import torch
from transformers import DistilBertConfig, DistilBertForSequenceClassification
torch.manual_seed(0)

config = DistilBertConfig(vocab_size=64, dim=32, n_layers=2, n_heads=2, hidden_dim=64, max_position_embeddings=32,
                          num_labels=3, id2label={0: "neg", 1: "neu", 2: "pos"}, label2id={"neg": 0, "neu": 1, "pos": 2})
model = DistilBertForSequenceClassification(config).eval()
vocab = {}


def encode(texts):
    rows = [[vocab.setdefault(w, 2 + len(vocab) % 60) for w in t.lower().split()] for t in texts]
    n = max(map(len, rows))
    ids = torch.tensor([r + [0] * (n - len(r)) for r in rows])
    return ids, (ids != 0).long()


@torch.compile
def classify(model, ids, mask):
    logits = model(input_ids=ids, attention_mask=mask).logits
    if model.config.problem_type == "multi_label_classification":
        scores = logits.sigmoid()
    else:
        scores = logits.softmax(-1)
    top = scores.argmax(-1)
    names = [model.config.id2label[i] for i in range(model.config.num_labels)]
    return scores, top, names


texts = ["a good movie", "bad plot and worse acting", "it was fine"]
with torch.no_grad():
    for phase in range(3):
        if phase == 1:
            model.config.id2label = {0: "NEGATIVE", 1: "NEUTRAL", 2: "POSITIVE"}
        if phase == 2:
            model.config.problem_type = "multi_label_classification"
        ids, mask = encode(texts)
        scores, top, names = classify(model, ids, mask)
        print(phase, names, [names[i] for i in top.tolist()], round(scores.sum().item(), 4))
