#!/usr/bin/env python3
"""Writes the fixture files of TestData/CLI/files with Python's plistlib (see README.md)."""
import datetime, os, plistlib

here = os.path.dirname(os.path.abspath(__file__))

def write(name, data):
    with open(os.path.join(here, name), "wb") as f:
        f.write(data)

# A date with a fractional second: XML keeps whole seconds only, so converting to XML loses it.
write("fractional-date.bplist", plistlib.dumps(
    {"name": "lossy", "events": [{"when": datetime.datetime(2020, 1, 2, 3, 4, 5, 500000)}]},
    fmt=plistlib.FMT_BINARY, sort_keys=False))
# A UID, which strict JSON cannot hold.
write("uid.bplist", plistlib.dumps({"ref": plistlib.UID(3), "label": "u"}, fmt=plistlib.FMT_BINARY))
# Keys out of order, to tell --sort-keys from --keep-order.
write("unsorted.bplist", plistlib.dumps({"zeta": 1, "alpha": 2, "mid": {"y": True, "b": False}},
                                        fmt=plistlib.FMT_BINARY, sort_keys=False))
# The same content as unsorted.bplist in XML, sorted: diff must find no difference.
write("unsorted-same.plist", plistlib.dumps({"zeta": 1, "alpha": 2, "mid": {"y": True, "b": False}},
                                            fmt=plistlib.FMT_XML))
# One changed, one removed, one added value compared with unsorted.bplist.
write("unsorted-changed.plist", plistlib.dumps({"zeta": 9, "mid": {"y": True, "b": False, "new": "n"}},
                                               fmt=plistlib.FMT_XML))
# A binary plist cut short: its trailer is missing.
whole = plistlib.dumps({"name": "truncated", "list": list(range(20))}, fmt=plistlib.FMT_BINARY)
write("truncated.bplist", whole[:40])
# Data long enough to be shown cut (16 leading bytes) in the tree.
write("data.bplist", plistlib.dumps({"blob": bytes(range(40)), "tiny": b"\x01"}, fmt=plistlib.FMT_BINARY,
                                    sort_keys=False))
# unsorted.bplist with the marker of the integer 2 (under "alpha") replaced by the invalid 0x7F:
# the eager reader rejects the file; a lazy lookup of another key still answers.
corrupt = bytearray(plistlib.dumps({"zeta": 1, "alpha": 2, "mid": {"y": True, "b": False}},
                                   fmt=plistlib.FMT_BINARY, sort_keys=False))
corrupt[corrupt.find(bytes([0x10, 0x02]))] = 0x7F
write("partly-corrupt.bplist", bytes(corrupt))
