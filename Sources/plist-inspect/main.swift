// PLACEHOLDER: the CLI is built by its own issue.
print("plist-inspect")
