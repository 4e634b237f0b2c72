/// Generated from number.plist
__attribute__((visibility("hidden")))
NSNumber * const number = @-1.250000;
