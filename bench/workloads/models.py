"""Models for bench/capture_time.py. usage: models.py MODEL eager|compile|explain
Builds MODEL, then times one call: plain eager, through torch.compile (which
dynx-capture intercepts and records), or through torch._dynamo.explain.
Prints the seconds of that call."""
import sys
import time

import torch


def tiny_gpt2():
    from transformers import GPT2Config, GPT2LMHeadModel
    config = GPT2Config(vocab_size=128, n_positions=32, n_embd=32, n_layer=2, n_head=2, bos_token_id=0,
                        eos_token_id=0)
    return GPT2LMHeadModel(config).eval(), (torch.randint(0, 128, (1, 16)),)


def tiny_bert():
    from transformers import BertConfig, BertModel
    config = BertConfig(vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                        intermediate_size=64, max_position_embeddings=32)
    return BertModel(config).eval(), (torch.randint(0, 100, (2, 16)),)


def small_cnn():
    model = torch.nn.Sequential(
        torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
        torch.nn.Conv2d(8, 16, 3, padding=1), torch.nn.BatchNorm2d(16), torch.nn.ReLU(),
        torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(16, 10))
    return model.eval(), (torch.randn(2, 3, 32, 32),)


def mlp_train_step():
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.GELU(), torch.nn.Dropout(0.1),
                                torch.nn.Linear(128, 10))
    return model.train(), (torch.randn(32, 64),)


def main():
    name, mode = sys.argv[1], sys.argv[2]
    torch.manual_seed(0)
    model, inputs = globals()[name]()
    if mode == "eager":
        start = time.perf_counter()
        model(*inputs)
    elif mode == "compile":
        compiled = torch.compile(model)
        start = time.perf_counter()
        compiled(*inputs)
    else:
        explain = torch._dynamo.explain(model)
        start = time.perf_counter()
        explain(*inputs)
    print(f"{time.perf_counter() - start:.6f}")


if __name__ == "__main__":
    main()
