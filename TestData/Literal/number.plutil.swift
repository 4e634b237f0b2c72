/// Generated from number.plist
let number = -1.250000
