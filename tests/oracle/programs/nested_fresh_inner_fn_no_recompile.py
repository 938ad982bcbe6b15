"""nested: a fresh inner function (closure over the input) built each call before a print break; no recompile across calls -- test_functions.py test_no_recompile_inner_function."""
import torch

@torch.compile
def forward(inp):
    def g(y):
        return inp + y
    print("graph break")
    return g(torch.ones(1))

x = torch.ones(2)
forward(x)
forward(x)
forward(x)
