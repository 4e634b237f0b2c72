/// What every error PlistKit throws is: a value programs can compare, store and send across
/// tasks, that people read as one full sentence (its `description`).
///
/// The conformances are gathered here so that each error type states them once, by name.
protocol DescribedError: Error, Hashable, Sendable, CustomStringConvertible {}
