"""recomp: lambdas built in a module-level for loop close over nothing and read the global loop variable k (the late-binding trap); k is rebound later, changing every lambda -- test_functions.py test_lambda_global / closures in loops."""
import torch

FNS = []
for k in range(1, 4):
    FNS.append(lambda x: x * k)


@torch.compile
def f(x):
    return FNS[0](x) + FNS[1](x)


x = torch.ones(2)
print(f(x).tolist())
k = 10
print(f(x).tolist())
FNS[1] = lambda x, k=k: x - k
print(f(x).tolist())
