"""recomp: a list of small objects is passed as an argument; one object's attribute changes and then the list is reordered -- test_list.py test_list_of_objects_attr."""
import torch


class Term:
    def __init__(self, c, p):
        self.c = c
        self.p = p


@torch.compile(backend="eager")
def f(x, terms):
    y = torch.zeros_like(x)
    for i, t in enumerate(terms):
        y = y * 0.5 + t.c * x ** t.p + i
    return y.sum()


torch.manual_seed(0)
x = torch.randn(4)
terms = [Term(1.0, 1), Term(2.0, 2), Term(0.5, 3)]
print(round(f(x, terms).item(), 4))
terms[1].c = -1.0
print(round(f(x, terms).item(), 4))
terms.reverse()
print(round(f(x, terms).item(), 4))
terms[0].p = 1
print(round(f(x, terms).item(), 4))
