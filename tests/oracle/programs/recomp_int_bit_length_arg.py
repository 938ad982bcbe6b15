"""recomp: an int argument's bit_length() and bin().count("1") decide how many doubling steps run; each new int recompiles even when the counts repeat -- test_int.py IntTestCases test_bit_length / int methods."""
import torch


@torch.compile
def f(x, n):
    for _ in range(n.bit_length()):
        x = x * 2
    return x + bin(n).count("1") + (n >> 1) + (n & 3)


x = torch.ones(2)
print(f(x, 5))
print(f(x, 5))
print(f(x, 6))
print(f(x, 9))
