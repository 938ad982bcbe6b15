"""recomp: id(self) compared with a passed-in id inside a compiled method, called on a second object -- test_misc.py test_id_guarded_object."""
import torch

class Obj:
    @torch.compile
    def call(self, x, ref_id):
        if id(self) == ref_id:
            return torch.mul(x, 1.0)
        return torch.mul(x, 0)

x = torch.ones(2)
a, b = Obj(), Obj()
ref = id(a)
a.call(x, ref)
a.call(x, ref)
b.call(x, ref)
