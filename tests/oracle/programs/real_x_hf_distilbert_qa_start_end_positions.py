"""real: HF DistilBertForQuestionAnswering (tiny config) trained with start_positions / end_positions, then postprocessing in Python: start/end logits masked outside the context, best span by n_best_size top candidates with end >= start and length <= max_answer_length -- transformers examples question-answering run_qa_no_trainer.py + utils_qa.postprocess_qa_predictions."""
import torch
from transformers import DistilBertConfig, DistilBertForQuestionAnswering
torch.manual_seed(0)

config = DistilBertConfig(vocab_size=64, dim=32, n_layers=2, n_heads=2, hidden_dim=64, max_position_embeddings=32)
model = DistilBertForQuestionAnswering(config)
cmodel = torch.compile(model)
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
for step in range(3):
    ids = torch.randint(1, 64, (3, 14))
    mask = torch.ones_like(ids)
    start = torch.randint(6, 10, (3,))
    end = start + torch.randint(0, 3, (3,))
    out = cmodel(input_ids=ids, attention_mask=mask, start_positions=start, end_positions=end)
    out.loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    print(step, round(out.loss.item(), 4))


def postprocess(start_logits, end_logits, context_start, n_best_size=3, max_answer_length=4):
    best = None
    start_indexes = torch.argsort(start_logits, descending=True)[:n_best_size].tolist()
    end_indexes = torch.argsort(end_logits, descending=True)[:n_best_size].tolist()
    for s in start_indexes:
        for e in end_indexes:
            if s < context_start or e < context_start or e < s or e - s + 1 > max_answer_length:
                continue
            score = (start_logits[s] + end_logits[e]).item()
            if best is None or score > best[0]:
                best = (round(score, 4), s, e)
    return best


model.eval()
with torch.no_grad():
    for L in (14, 10):
        ids = torch.randint(1, 64, (2, L))
        out = cmodel(input_ids=ids, attention_mask=torch.ones_like(ids))
        print(L, [postprocess(out.start_logits[i], out.end_logits[i], 4) for i in range(2)])
