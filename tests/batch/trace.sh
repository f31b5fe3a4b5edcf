#!/bin/sh
# trace.sh: --trace tells each rule's own story (its entry in src/verify/):
# the heading names the rule's test, bound, replacement and bonus; the bound
# column is the rule's (p/q, p/Lq, or "bound" with '-' for a rule that draws
# no u), the u column is '-' where the rule draws none, and the residual mass
# is '-' where the step records none (exact-match's replacement is the sample
# of p its test drew, not a residual). One row of each pinned at seed 3. A
# model's words go out escaped (an ESC in an ARPA file's word shows as \x1b).
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

# trace RULE: the first two steps' trace, heading joined into one line
trace() {
	"$SPECDEC" --batch --steps 3 --trace 2 --seed 3 --gamma 3 --verifier "$1" \
	    >"$TMPD/$1"
}

# heading RULE: the heading's lines joined with spaces
heading() {
	sed '/^$/q' "$TMPD/$1" | tr '\n' ' ' | sed 's/ *$//'
}

# check RULE HEADING COLUMNS ROW STEPLINE
check() {
	trace "$1"
	is "$(heading "$1")" "$2" "$1: the heading tells its own test and replacement"
	grep -qxF -- "$3" "$TMPD/$1"
	ok $? "$1: the columns are its own: $3"
	grep -qxF -- "$4" "$TMPD/$1"
	ok $? "$1: a row: $4"
	grep -qxF -- "$5" "$TMPD/$1"
	ok $? "$1: the step line: $5"
	sed '/^source /,$d' "$TMPD/$1" | awk 'length > 80 { exit 1 }'
	ok $? "$1: within 80 columns"
}

cols_u="  pos  token                p         q       p/q         u  verdict"
cols_none="  pos  token                p         q     bound         u  verdict"

check standard "trace of the first 2 steps under the standard rule: a draft is accepted when u < p/q, u uniform, bound p/q; a rejected draft is replaced by a token from norm(max(0, p - q)), and a step whose drafts all pass ends with a bonus token from p" \
    "$cols_u" \
    "    1  it             0.04102   0.05310    0.7726   0.92336  rejected" \
    "step 2: gamma 3, 1 tested, 0 accepted, 1 emitted, residual mass 0.1135"
check block "trace of the first 2 steps under the block rule: a draft is accepted when eta_i <= h_i, the whole block at once; a rejected draft is replaced by a token from norm(max(0, p_tau p - q)), and a step whose drafts all pass ends with a bonus token from p" \
    "$cols_none" \
    "    1  in             0.08019   0.10500         -         -  accepted" \
    "step 1: gamma 3, 3 tested, 3 accepted, 4 emitted, residual mass 0.0000"
check exact-match "trace of the first 2 steps under the exact-match rule: a draft is accepted when y ~ p equals x; a rejected draft is replaced by a token from y, the sample of p (norm(p (1 - q)) on average), and a step whose drafts all pass ends with a bonus token from p" \
    "$cols_none" \
    "    1  in             0.08019   0.10500         -         -  rejected" \
    "step 1: gamma 3, 1 tested, 0 accepted, 1 emitted, residual mass -"
check greedy "trace of the first 2 steps under the greedy rule: a draft is accepted when x = argmax p; a rejected draft is replaced by a token from argmax p, and a step whose drafts all pass ends with a bonus token from argmax p" \
    "$cols_none" \
    "    1  dog            0.16978   0.18140         -         -  accepted" \
    "step 2: gamma 3, 3 tested, 3 accepted, 4 emitted, residual mass -"
check lenient "trace of the first 2 steps under the lenient rule: a draft is accepted when u < p/(Lq), u uniform, bound p/Lq; a rejected draft is replaced by a token from norm(max(0, p - Lq)), and a step whose drafts all pass ends with a bonus token from p" \
    "  pos  token                p         q      p/Lq         u  verdict" \
    "    1  in             0.08019   0.10500     1.527   0.53396  accepted" \
    "step 1: gamma 3, 3 tested, 3 accepted, 4 emitted, residual mass 0.0000"
check typical "trace of the first 2 steps under the typical rule: a draft is accepted when p(x) > min(eps, delta exp(-H)); a rejected draft is replaced by a token from p, and a step whose drafts all pass ends with a bonus token from p" \
    "$cols_none" \
    "    3  a              0.16902   0.11138         -         -  accepted" \
    "step 2: gamma 3, 3 tested, 3 accepted, 4 emitted, residual mass -"
check mistake-residual-from-p "trace of the first 2 steps under the mistake-residual-from-p rule: a draft is accepted when u < p/q, u uniform, bound p/q; a rejected draft is replaced by a token from p (the mistake: not the residual), and a step whose drafts all pass ends with a bonus token from p" \
    "$cols_u" \
    "    1  sun            0.01528   0.01459         -         -  residual" \
    "step 2: gamma 3, 1 tested, 0 accepted, 1 emitted, residual mass -"
check mistake-accept-all "trace of the first 2 steps under the mistake-accept-all rule: a draft is accepted when it is drafted (the mistake); a rejected draft is replaced by a token from p (never needed), and a step whose drafts all pass ends with a bonus token from p" \
    "$cols_none" \
    "    3  sat            0.08952   0.09787         -         -  accepted" \
    "step 1: gamma 3, 3 tested, 3 accepted, 4 emitted, residual mass -"
# tli with the draft's own last 5 tokens: the test is against p/q', which the
# trace cannot give from a row's p and q, so it shows no bound and no u.
"$SPECDEC" --batch --steps 3 --trace 2 --seed 3 --gamma 3 --verifier tli --draft-only 5 \
    >"$TMPD/tli"
is "$(heading tli)" "trace of the first 2 steps under the tli rule: a draft is accepted when u < p/q' (q' = q on the shared tokens, renormalised); a rejected draft is replaced by a token from norm(max(0, p - q')), and a step whose drafts all pass ends with a bonus token from p" \
    "tli: the heading tells its own test and replacement"
grep -qxF -- "    1  dog            0.23473   0.18140         -         -  rejected" "$TMPD/tli"
ok $? "tli: a row, no bound and no u"

# A word with a terminal escape in it (ESC [7m, reverse video) from an ARPA
# model: the trace shows it escaped, as every label from a file is.
esc=$(printf '\033')
sed "s/ cat/ ${esc}[7mcat/" >"$TMPD/esc.arpa" <<'ARPA'

\data\
ngram 1=5

\1-grams:
-0.6021 </s>
-99 <s>
-0.6021 the
-0.6021 cat
-0.6021 sat

\end\
ARPA
if "$SPECDEC" --batch --lm "$TMPD/esc.arpa" --prompt the --steps 2 --trace 2 --seed 1 \
    >"$TMPD/esc" 2>"$TMPD/esc.err"; then
	grep -q "$esc" "$TMPD/esc"
	[ $? = 1 ]
	ok $? "a model's word: no ESC byte reaches the trace"
	grep -qF '\x1b[7mcat' "$TMPD/esc"
	ok $? "the word shows escaped: \\x1b[7mcat" "$(grep -F cat "$TMPD/esc" | head -n 3)"
elif grep -q "needs sphinxbase" "$TMPD/esc.err"; then
	skip "built without sphinxbase (libsphinxbase-dev): a model's words"
else
	ok 1 "an ARPA model with an escape in a word runs" "$(cat "$TMPD/esc.err")"
fi
done_testing
