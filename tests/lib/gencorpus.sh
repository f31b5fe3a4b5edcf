#!/bin/sh
# gencorpus.sh BYTES [TYPES]: a deterministic synthetic corpus on stdout, for the
# n-gram benchmarks. Made-up words with Zipf frequencies, each word leaning on
# the one before it (so bigrams and trigrams carry information), commas and full
# stops between them. The generator is Park and Miller's minimal standard LCG,
# exact in doubles, so the text is the same under any awk.
bytes=${1:-1000000}
types=${2:-20000}
awk -v bytes="$bytes" -v types="$types" '
function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
function zipf(   lo, hi, mid, u) {
	u = rnd() * cum[types]
	lo = 1; hi = types
	while (lo < hi) { mid = int((lo + hi) / 2); if (cum[mid] < u) lo = mid + 1; else hi = mid }
	return lo
}
function word(i,   w, s) {
	w = ""
	do { s = i % 24; i = int(i / 24); w = w syl[s] } while (i > 0)
	return w
}
BEGIN {
	seed = 42
	split("ka lo mi ne ru sa te vi bo da fe gu ha ji ko lu ma no pe qui ro su ta ve", syl, " ")
	for (s = 1; s <= 24; s++) syl[s - 1] = syl[s]
	for (i = 1; i <= types; i++) { cum[i] = cum[i - 1] + 1 / i; name[i] = word(i) }
	out = 0; prev = 1; line = ""
	while (out < bytes) {
		if (rnd() < 0.6) w = (prev * 7 + int(rnd() * rnd() * 12)) % types + 1
		else w = zipf()
		tok = name[w]
		r = rnd()
		if (r < 0.06) tok = tok ","
		else if (r < 0.12) tok = tok "."
		line = line (line == "" ? "" : " ") tok
		if (length(line) > 70) { print line; out += length(line) + 1; line = "" }
		prev = w
	}
	if (line != "") print line
}'
