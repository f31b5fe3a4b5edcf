#!/bin/sh
# simd.sh: the portable build of the vector kernels and the AVX2 build give the
# same output, byte for byte (util/simd.h). SPECDEC_SIMD=generic forces the
# portable build; on a processor without AVX2 both runs take it and the test
# only shows that the variable is harmless. The runs cover the stub at
# vocabularies that are and are not multiples of four (the lanes' remainders),
# a replay, the n-gram source with noise (its rows' normal fills) and trees of
# spectr and specinfer on the stub.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
pairs=$TESTS_SRCDIR/golden/pairs.txt

# same DESCRIPTION ARGS...: the JSON of both builds, compared
same() {
	what=$1
	shift
	"$SPECDEC" --json "$@" > "$tmp/avx2.json" 2>&1
	SPECDEC_SIMD=generic "$SPECDEC" --json "$@" > "$tmp/generic.json" 2>&1
	if cmp -s "$tmp/avx2.json" "$tmp/generic.json" && [ -s "$tmp/avx2.json" ]; then
		ok 0 "$what: both builds give the same JSON"
	else
		ok 1 "$what: both builds give the same JSON" "$(diff "$tmp/avx2.json" \
		    "$tmp/generic.json" | head -n 5)"
	fi
}

same "stub, V 20" --steps 3000 --seed 5
same "stub, V 1003, gamma 7" --vocab 1003 --gamma 7 --steps 300 --seed 6
same "stub, V 64, noise 2" --vocab 64 --noise 2 --steps 500 --seed 7
same "stub, V 5001, block rule" --vocab 5001 --verifier block --steps 40 --seed 8
same "replay" --replay "$pairs" --steps 2000 --seed 9
same "ngram, noise 0.4" --source ngram --noise 0.4 --steps 500 --seed 10
# SpecTr's pass over the pairs, its beta(1) and its residual (V not a multiple
# of four), and SpecInfer's tree beside it
same "stub, V 1001, --tree 2,1,1,1 spectr" --vocab 1001 --tree 2,1,1,1 --verifier spectr \
    --steps 300 --seed 11
same "stub, V 203, --tree 3,2 spectr" --vocab 203 --tree 3,2 --verifier spectr --steps 500 --seed 12
same "stub, V 1001, --tree 2,1,1,1 specinfer" --vocab 1001 --tree 2,1,1,1 --verifier specinfer \
    --steps 300 --seed 13
done_testing
