// PLACEHOLDER: the benchmark suite is built by its own issue.
print("plist-bench")
