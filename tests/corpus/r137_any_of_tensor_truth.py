# builtins.any over a list of tensor comparisons: Dynamo's polyfill of any()
# tests each item's truth and breaks there (polyfills/builtins.py, under the
# program's line); the call runs eagerly and the code after it is a resume
# function specialised on what any() returned (___stack0 == True), so the
# call whose result is False recompiles it (torch 2.13: 3 graphs, 1
# recompile; the break lines are the polyfill's). Over a generator expression Dynamo cannot rebuild the partly
# consumed generator and gives up on the frame: g is not compiled at all.
# expect-graphs: 3
# expect-breaks: data-dependent-reduction@44 data-dependent-reduction@44 data-dependent-reduction@36
# expect-resume-reason: ___stack0 == True
import torch


@torch.compile(backend="eager")
def f(xs):
    ys = [x * 2 for x in xs]
    if any([y.sum() > 5 for y in ys]):
        return ys[0] + 1
    return ys[0] - 1


@torch.compile(backend="eager")
def g(xs):
    if all(x.sum() > 0 for x in xs):
        return xs[0] * 2
    return xs[0]


print(f([torch.ones(2), torch.ones(2) * 2]))
print(f([torch.ones(2), torch.ones(2)]))
print(g([torch.ones(2), torch.ones(2)]))
