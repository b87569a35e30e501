#!/usr/bin/env bash
# Makes the package of the tutorial "Testing your app's contacts code" in DIR, from the
# article's own code blocks, so that what the article shows is what CI compiles and runs:
#   scripts/tutorial-package.sh DIR && (cd DIR && swift test)
# A ```swift block whose first line is `// swift-tools-version…` is DIR/Package.swift (its
# `path: "../ContactCore"` becomes this checkout); one whose first line is `// PATH.swift`
# is appended to DIR/PATH; other blocks are prose.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
article=Sources/ContactCoreTestKit/ContactCoreTestKit.docc/TestingYourAppsContactsCode.md
dir=${1:?usage: $0 DIR}
mkdir -p "$dir"
rm -rf "$dir/Package.swift" "$dir/Sources" "$dir/Tests"
awk -v dir="$dir" -v repo="$PWD" '
    /^```swift$/ { inblock = 1; first = 1; file = ""; next }
    /^```$/ && inblock { inblock = 0; if (file != "") close(file); next }
    inblock && first {
        first = 0
        if ($0 ~ /^\/\/ swift-tools-version/) { file = dir "/Package.swift" }
        else if ($0 ~ /^\/\/ [A-Za-z0-9_\/]+\.swift$/) {
            file = dir "/" substr($0, 4)
            path = file; sub(/\/[^\/]*$/, "", path); system("mkdir -p \"" path "\"")
            if (seen[file]++) print "" >> file
            next
        } else { file = "" }
    }
    inblock && file != "" { line = $0; gsub(/"\.\.\/ContactCore"/, "\"" repo "\"", line); print line >> file }
' "$article"
[[ -f $dir/Package.swift ]] || { echo "the tutorial has no Package.swift block" >&2; exit 1; }
find "$dir" -name '*.swift' | sort
