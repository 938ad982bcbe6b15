"""real: transformers generation logits processors applied around a compiled tiny GPT-2 forward in a sampling loop (no cache): RepetitionPenaltyLogitsProcessor (torch.gather(scores, 1, input_ids); torch.where(score < 0, score * penalty, score / penalty); scores.scatter_(1, input_ids, score)), MinLengthLogitsProcessor (`if cur_len < self.min_length: scores[:, eos] = -inf`), NoRepeatNGramLogitsProcessor (_get_ngrams over input_ids.tolist() in python dicts), TemperatureLogitsWarper and TopKLogitsWarper (top_k = min(self.top_k, scores.size(-1))); the processors live inside the compiled `step` function."""
import torch
from transformers import GPT2Config, GPT2LMHeadModel
torch.manual_seed(0)
config = GPT2Config(vocab_size=50, n_positions=32, n_embd=32, n_layer=2, n_head=2, eos_token_id=0, bos_token_id=0)
model = GPT2LMHeadModel(config).eval()


class RepetitionPenalty:
    def __init__(self, penalty):
        self.penalty = penalty

    def __call__(self, input_ids, scores):
        score = torch.gather(scores, 1, input_ids)
        score = torch.where(score < 0, score * self.penalty, score / self.penalty)
        return scores.scatter(1, input_ids, score)


class MinLength:
    def __init__(self, min_length, eos_token_id):
        self.min_length, self.eos_token_id = min_length, eos_token_id

    def __call__(self, input_ids, scores):
        if input_ids.shape[-1] < self.min_length:
            scores[:, self.eos_token_id] = -float("inf")
        return scores


class NoRepeatNGram:
    def __init__(self, n):
        self.ngram_size = n

    def __call__(self, input_ids, scores):
        num_batch_hypotheses, cur_len = scores.shape[0], input_ids.shape[-1]
        if cur_len + 1 < self.ngram_size:
            return scores
        for b, gen_tokens in enumerate(input_ids.tolist()):
            generated_ngrams = {}
            for ngram in zip(*[gen_tokens[i:] for i in range(self.ngram_size)]):
                prev = tuple(ngram[:-1])
                generated_ngrams[prev] = generated_ngrams.get(prev, []) + [ngram[-1]]
            start_idx = cur_len + 1 - self.ngram_size
            banned = generated_ngrams.get(tuple(gen_tokens[start_idx:cur_len]), [])
            scores[b, banned] = -float("inf")
        return scores


class TopK:
    def __init__(self, top_k, filter_value=-float("inf")):
        self.top_k, self.filter_value = top_k, filter_value

    def __call__(self, input_ids, scores):
        top_k = min(self.top_k, scores.size(-1))
        indices_to_remove = scores < torch.topk(scores, top_k)[0][..., -1, None]
        return scores.masked_fill(indices_to_remove, self.filter_value)


processors = [RepetitionPenalty(1.3), MinLength(6, 0), NoRepeatNGram(2)]
warpers = [TopK(10)]


@torch.compile(backend="eager")
def step(input_ids, temperature):
    logits = model(input_ids).logits[:, -1, :]
    for p in processors:
        logits = p(input_ids, logits)
    logits = logits / temperature
    for w in warpers:
        logits = w(input_ids, logits)
    return torch.softmax(logits, dim=-1)


with torch.no_grad():
    input_ids = torch.tensor([[5, 9, 5], [3, 3, 7]])
    g = torch.Generator().manual_seed(1)
    for cur in range(5):
        probs = step(input_ids, 0.7)
        nxt = torch.multinomial(probs, 1, generator=g)
        input_ids = torch.cat([input_ids, nxt], dim=-1)
    print(input_ids.tolist())
