/// Generated from mixed.plist
let mixed : [String : Any] = [
    "blob" : Data(bytes: [0x00,0x01,0xAB,0xCD,0xFF,]),
    "count" : -42,
    "created" : Date(timeIntervalSinceReferenceDate: -336751200.0),
    "enabled" : true,
    "list" : [
        "a",
        1,
        [
            false,
        ],
        [
            "a" : "first",
            "z" : "last",
        ],
    ],
    "name" : "Zoë \"quoted\"\nsecond line",
    "ratio" : 2.500000,
]
