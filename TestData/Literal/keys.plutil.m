/// Generated from keys.json
__attribute__((visibility("hidden")))
NSDictionary * const keys = @{
    @"_x" : @4,
    @"-" : @8,
    @"a" : @3,
    @"A" : @2,
    @"a01" : @9,
    @"a2" : @6,
    @"a10" : @5,
    @"aB" : @11,
    @"Ab" : @10,
    @"b" : @1,
    @"B" : @7,
};
