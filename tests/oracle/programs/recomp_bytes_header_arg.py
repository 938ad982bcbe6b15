"""recomp: a bytes header passed in: the frame indexes it (b[0]), slices it, checks startswith and len; other bytes recompile -- test_bytes-style seq_tests / string_tests on bytes."""
import torch


@torch.compile
def decode(x, header):
    if header.startswith(b"\x89P"):
        x = x * header[2]
    tail = header[-2:]
    return x + len(header) + tail[0] - tail[1]


x = torch.zeros(2)
print(decode(x, b"\x89PN\x01\x02"))
print(decode(x, b"\x89PN\x01\x02"))
print(decode(x, b"\x89PQ\x01\x05"))
print(decode(x, b"GIF8\x07"))
