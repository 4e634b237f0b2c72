#!/usr/bin/env python3
"""Writes the hand-made binary plists of this folder (see README.md). Run from this folder."""
import struct


def bplist(objects, ref_size=1, offset_size=1, top=0, version=b"00"):
    body = b"".join(objects)
    offsets, position = [], 8
    for obj in objects:
        offsets.append(position)
        position += len(obj)
    table_offset = 8 + len(body)
    table = b"".join(o.to_bytes(offset_size, "big") for o in offsets)
    trailer = bytes(6) + bytes([offset_size, ref_size]) + struct.pack(">QQQ", len(objects), top, table_offset)
    return b"bplist" + version + body + table + trailer


def ref(i, size):
    return i.to_bytes(size, "big")


fixtures = {
    # ["x", 256 as a 2-byte int] with 3-byte references and 3-byte offsets.
    "three-byte-refs.bplist": bplist([b"\xa2" + ref(1, 3) + ref(2, 3), b"\x51x", b"\x11\x01\x00"], ref_size=3, offset_size=3),
    # Object 0 = [object 1], object 1 = {"k": object 0}: a cycle through two containers.
    "cycle-mutual.bplist": bplist([b"\xa1\x01", b"\xd1\x02\x00", b"\x51k"]),
    # 10,000 arrays, each holding the next: deeper than any default limit.
    "deep-10000.bplist": bplist([b"\xa1" + ref(i + 1, 2) for i in range(9999)] + [b"\xa0"], ref_size=2, offset_size=4),
    # 64 arrays each holding the next twice, then a 100-byte string: 2^64 leaves if expanded.
    "reference-bomb.bplist": bplist([b"\xa2" + bytes([i + 1, i + 1]) for i in range(64)] + [b"\x5f\x10\x64" + b"b" * 100], offset_size=2),
    # {"set": set{1, 2}, "float": 1.5 as a 32-bit real}
    "set-and-float32.bplist": bplist([b"\xd2\x01\x02\x03\x04", b"\x53set", b"\x55float", b"\xc2\x05\x06",
                                      b"\x22" + struct.pack(">f", 1.5), b"\x10\x01", b"\x10\x02"]),
}

for name, data in fixtures.items():
    with open(name, "wb") as f:
        f.write(data)
