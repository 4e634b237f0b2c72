/// Generated from settings.plist
__attribute__((visibility("hidden")))
NSDictionary * const settings = @{
    @"debug" : @NO,
    @"items" : @[
        @{
            @"id" : @9223372036854775807,
        },
        @[
            @"nested",
        ],
    ],
    @"scale" : @0.750000,
    @"title" : @"Settings",
    @"version" : @3,
};
