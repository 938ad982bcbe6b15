"""recomp: a str argument parsed with split/strip/lower/partition/isdigit inside the frame picks the op and its count; new strings recompile -- string_tests.py CommonTest test_split / test_partition / test_strip."""
import torch


@torch.compile
def run(x, spec):
    name, _, count = spec.strip().lower().partition(":")
    n = int(count) if count.isdigit() else 1
    for _ in range(n):
        x = torch.sin(x) if name == "sin" else torch.cos(x)
    return x + len(spec.split(":"))


x = torch.tensor([0.1, 0.2])
print(run(x, " SIN:2 "))
print(run(x, " SIN:2 "))
print(run(x, "sin:3"))
print(run(x, "cos"))
