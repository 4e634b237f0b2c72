"""Prints the OpenStep property list at argv[1] as JSON, as openstep_parser (PyPI) reads it.

Exits with status 77 when the package is not installed.
"""
import json
import sys

try:
    import openstep_parser
except ImportError:
    sys.exit(77)

with open(sys.argv[1], encoding="utf-8") as source:
    tree = openstep_parser.OpenStepDecoder.ParseFromFile(source)
json.dump(tree, sys.stdout, sort_keys=True)
