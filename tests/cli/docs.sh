#!/bin/sh
# docs.sh: the documents stay documents for readers: the README at most 6,000
# bytes, docs/performance.md at most 25,000; every docs/*.md says in its first
# lines whom it serves ("For ..."); no document carries history that git keeps
# (a commit hash, an issue number, a branch name); the README's papers are the
# man page's. TAP output.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
src=${TESTS_SRCDIR:-$(dirname "$0")/..}/..

size=$(wc -c <"$src/README.md" | tr -d ' ')
within "$size" 0 6000 "README.md is at most 6,000 bytes"
size=$(wc -c <"$src/docs/performance.md" | tr -d ' ')
within "$size" 0 25000 "docs/performance.md is at most 25,000 bytes"
for doc in "$src"/docs/*.md; do
	name=docs/$(basename "$doc")
	sed -n 2,4p "$doc" | grep -q '^For '
	ok $? "$name says in its first lines whom it serves"
	# a hash: 7 to 40 hex digits with a letter and a digit, a word of its own
	hashes=$(grep -owE '[0-9a-f]{7,40}' "$doc" | grep '[a-f]' | grep '[0-9]' | head -n 3)
	is "$hashes" "" "$name names no commit"
	issues=$(grep -oiE '\b(issue|PR) #?[0-9]+|\bbranch [a-z0-9_-]+/' "$doc" | head -n 3)
	is "$issues" "" "$name names no issue or branch"
done
for ref in $(grep -o 'arXiv:[0-9.]*[0-9]' "$src/README.md"); do
	grep -q "^\.%R $ref\$" "$MANPAGE"
	ok $? "the README's $ref is in the man page's SEE ALSO"
done
done_testing
