/// Generated from settings.plist
let settings : [String : Any] = [
    "debug" : false,
    "items" : [
        [
            "id" : 9223372036854775807,
        ],
        [
            "nested",
        ],
    ],
    "scale" : 0.750000,
    "title" : "Settings",
    "version" : 3,
]
