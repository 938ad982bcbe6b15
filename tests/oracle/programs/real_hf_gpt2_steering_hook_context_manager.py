"""real: activation steering of a compiled HF GPT2LMHeadModel (tiny config): a context manager registers a forward hook on transformer.h[layer] adding coeff * steering_vector to the block's hidden-state output (a closure over coeff and the vector) and removes it on exit; the script scores without steering, with coeff 4.0, with coeff -2.0 on another layer, then without again -- repeng / ActAdd steering-vector hooks."""
import contextlib
import torch
from transformers import GPT2Config, GPT2LMHeadModel
torch.manual_seed(0)

config = GPT2Config(vocab_size=64, n_positions=32, n_embd=32, n_layer=2, n_head=2)
model = GPT2LMHeadModel(config).eval()
cmodel = torch.compile(model)
steer = torch.randn(32) * 0.5


@contextlib.contextmanager
def steering(layer, coeff, vector):
    def hook(module, inputs, output):
        if isinstance(output, tuple):
            return (output[0] + coeff * vector,) + tuple(output[1:])
        return output + coeff * vector
    handle = model.transformer.h[layer].register_forward_hook(hook)
    try:
        yield
    finally:
        handle.remove()


ids = torch.tensor([[3, 8, 13, 21, 34, 55]])


def score(tag):
    out = cmodel(input_ids=ids, use_cache=False)
    ref = model(input_ids=ids, use_cache=False)
    print(tag, out.logits[0, -1].argmax().item(), round(out.logits.abs().sum().item(), 3),
          torch.allclose(out.logits, ref.logits, atol=1e-5))


with torch.no_grad():
    score("plain")
    with steering(1, 4.0, steer):
        score("layer1 +4")
    with steering(0, -2.0, steer):
        score("layer0 -2")
    score("plain again")
