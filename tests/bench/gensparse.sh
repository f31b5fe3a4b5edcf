#!/bin/sh
# gensparse.sh VOCAB PAIRS ENTRIES: a deterministic replay file of sparse lines on
# stdout, for the sparse replay benchmark (docs/performance.md): PAIRS pairs of
# lines over a vocabulary of VOCAB, ENTRIES id:weight entries a line, the draft's
# line sharing about half its ids with the target's. Park and Miller's LCG, exact
# in doubles, so the file is the same under any awk.
vocab=${1:-50000}
pairs=${2:-200}
entries=${3:-20}
awk -v vocab="$vocab" -v pairs="$pairs" -v entries="$entries" '
function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
function line(   k, s) {
	s = ""
	for (k = 1; k <= entries; k++)
		s = s (k > 1 ? " " : "") id[k] ":" (1 + int(rnd() * 9))
	print s
}
BEGIN {
	seed = 21
	printf "# vocab %d\n", vocab
	for (i = 0; i < pairs; i++) {
		for (k = 1; k <= entries; k++)
			id[k] = int(rnd() * vocab)
		line()
		for (k = 1; k <= entries; k++)
			if (rnd() < 0.5)
				id[k] = int(rnd() * vocab)
		line()
	}
}'
