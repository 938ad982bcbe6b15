# A print inside an except handler: for Dynamo the handler's body is an
# exception-table region (its cleanup), where a graph break cannot resume,
# so it gives up on the frame for that call (torch 2.13: the first call,
# which raised nothing, keeps its one graph; the second call's recompile
# meets the break in the handler and runs f eagerly).
# expect-graphs: 1
# expect-breaks: side-effect@23
import torch


def check(x):
    if x.dim() != 1:
        raise ValueError("need 1-d")
    return x


@torch.compile(backend="eager")
def f(x):
    y = x * 2
    try:
        y = check(y)
    except ValueError:
        print("handled")
        y = y.flatten()
    return y + 1


print(f(torch.ones(3)))
print(f(torch.ones(2, 2)))
