"""real: HF LlamaForCausalLM (tiny config) compiled, AdamW train steps with labels; the causal-LM loss comes from model.loss_function (a property returning transformers' global LOSS_MAPPING["ForCausalLM"]); after the first step the script patches LOSS_MAPPING["ForCausalLM"] with a label-smoothed loss (as Liger-Kernel/Unsloth patch it), then sets model.loss_function to a z-loss variant (the property's setter stores self._loss_function), then deletes it and restores the mapping -- transformers LOSS_MAPPING / loss_function override."""
import torch
import torch.nn.functional as F
from transformers import LlamaConfig, LlamaForCausalLM
from transformers.loss.loss_utils import LOSS_MAPPING
torch.manual_seed(0)


def smoothed_causal_lm_loss(logits, labels, vocab_size, ignore_index=-100, **kwargs):
    logits = logits[:, :-1].reshape(-1, vocab_size).float()
    labels = labels[:, 1:].reshape(-1)
    return F.cross_entropy(logits, labels, ignore_index=ignore_index, label_smoothing=0.1)


def z_loss_causal_lm_loss(logits, labels, vocab_size, ignore_index=-100, **kwargs):
    ce = smoothed_causal_lm_loss(logits, labels, vocab_size, ignore_index)
    return ce + 1e-2 * torch.logsumexp(logits.float(), dim=-1).pow(2).mean()


original = LOSS_MAPPING["ForCausalLM"]
config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=32)
model = LlamaForCausalLM(config)
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
ids = torch.tensor([[1, 7, 12, 19, 23, 31, 40], [1, 4, 9, 16, 25, 36, 49]])
for step in range(5):
    if step == 2:
        LOSS_MAPPING["ForCausalLM"] = smoothed_causal_lm_loss
    if step == 3:
        model.loss_function = z_loss_causal_lm_loss
    if step == 4:
        del model._loss_function
        LOSS_MAPPING["ForCausalLM"] = original
    out = cmodel(input_ids=ids, labels=ids, use_cache=False)
    out.loss.backward()
    opt.step()
    opt.zero_grad()
    print(step, round(out.loss.item(), 4))
