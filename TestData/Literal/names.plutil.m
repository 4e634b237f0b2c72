/// Generated from names.plist
__attribute__((visibility("hidden")))
NSArray * const names = @[
    @"alpha",
    @"beta",
    @"gamma",
];
