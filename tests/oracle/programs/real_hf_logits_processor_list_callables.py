"""real: HF-style LogitsProcessorList (a list subclass with __call__) holding callable processor objects (TemperatureLogitsWarper with self.temperature, TopKLogitsWarper with self.top_k, MinLengthLogitsProcessor with self.min_length and self.eos_token_id); the list is passed to a compiled greedy decode step, and between prompts the script edits the processors' attributes and appends one -- transformers generation/logits_process.py LogitsProcessorList in a custom decode loop."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class LogitsProcessorList(list):
    def __call__(self, input_ids, scores):
        for processor in self:
            scores = processor(input_ids, scores)
        return scores


class TemperatureLogitsWarper:
    def __init__(self, temperature):
        self.temperature = temperature

    def __call__(self, input_ids, scores):
        return scores / self.temperature


class TopKLogitsWarper:
    def __init__(self, top_k, filter_value=-float("inf")):
        self.top_k = top_k
        self.filter_value = filter_value

    def __call__(self, input_ids, scores):
        top_k = min(self.top_k, scores.size(-1))
        indices_to_remove = scores < torch.topk(scores, top_k)[0][..., -1, None]
        return scores.masked_fill(indices_to_remove, self.filter_value)


class MinLengthLogitsProcessor:
    def __init__(self, min_length, eos_token_id):
        self.min_length = min_length
        self.eos_token_id = eos_token_id

    def __call__(self, input_ids, scores):
        if input_ids.shape[-1] < self.min_length:
            scores = scores.clone()
            scores[:, self.eos_token_id] = -float("inf")
        return scores


vocab = 10
lm = nn.Sequential(nn.Embedding(vocab, 8), nn.Linear(8, vocab)).eval()


@torch.compile
def decode_step(input_ids, processors):
    scores = lm(input_ids)[:, -1, :]
    scores = processors(input_ids, scores)
    probs = scores.softmax(-1)
    return probs.argmax(-1), probs.max(-1).values


processors = LogitsProcessorList([TemperatureLogitsWarper(1.0), TopKLogitsWarper(5)])
with torch.no_grad():
    for prompt in range(3):
        if prompt == 1:
            processors[0].temperature = 0.5
            processors[1].top_k = 2
        if prompt == 2:
            processors.append(MinLengthLogitsProcessor(3, eos_token_id=0))
        ids = torch.tensor([[prompt + 1, 4]])
        confs = []
        for _ in range(2):
            tok, conf = decode_step(ids, processors)
            ids = torch.cat([ids, tok[:, None]], 1)
            confs.append(round(conf.item(), 4))
        print(prompt, ids.tolist(), confs)
