"""recomp: a bound method of a user object is compiled; it sets new attributes on self from tensors the object holds; then the object's held tensor is replaced by another shape and a flag added -- test_input_attr_tracking.py test_set_data_on_user_defined_class_input_tensor."""
import torch


class Stuff:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def work(self):
        self.z = self.x * self.y
        self.a = self.x + self.x
        if getattr(self, "neg", False):
            return -(self.z * self.a)
        return self.z * self.a


s = Stuff(torch.ones(2, 2), torch.full((2, 2), 3.0))
w = torch.compile(s.work, fullgraph=True)
print(w().sum().item(), s.z.sum().item())
print(w().sum().item())
s.x = torch.ones(3)
s.y = torch.ones(3)
print(w().sum().item(), s.a.tolist())
s.neg = True
print(w().sum().item())
