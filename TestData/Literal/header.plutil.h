#import <Foundation/Foundation.h>

/// Generated from header.plist
__attribute__((visibility("hidden")))
extern NSDictionary * const header;
