/// Generated from names.plist
let names = [
    "alpha",
    "beta",
    "gamma",
]
