"""sidefx: a collections.UserList passed in is appended to and extended inside the frame; its length scales the tensor, so each call sees the growth -- test_userlist.py UserListTest test_add_specials / list_tests append."""
import collections
import torch


@torch.compile
def log_step(x, hist):
    hist.append(x.shape[0])
    hist.extend([0])
    return x * len(hist) + sum(hist)


hist = collections.UserList([1])
x = torch.ones(2)
print(log_step(x, hist))
print(log_step(x, hist))
print(log_step(x, hist))
print(list(hist))
