"""real: linear-probe feature extraction from a HF GPT2Model (tiny config, 2 layers, random weights): a compiled features(ids, layer) calls the model with output_hidden_states=True and mean-pools hidden_states[layer]; the probed layer index (a Python int) goes 1, 2, 1, 0 -- the probing/"which layer is best" sweep over a frozen LM."""
import torch
import transformers

transformers.logging.set_verbosity_error()
torch.manual_seed(0)
config = transformers.GPT2Config(n_layer=2, n_head=2, n_embd=16, vocab_size=50, n_positions=32,
                                 bos_token_id=0, eos_token_id=0)
model = transformers.GPT2Model(config).eval()


@torch.compile(backend="eager")
def features(ids, layer):
    out = model(input_ids=ids, output_hidden_states=True)
    return out.hidden_states[layer].mean(dim=1)


ids = torch.randint(0, 50, (2, 6))
with torch.no_grad():
    for layer in [1, 2, 1, 0]:
        print(layer, round(features(ids, layer).abs().sum().item(), 4))
