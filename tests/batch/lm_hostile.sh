#!/bin/sh
# lm_hostile.sh: --lm against a corpus of hostile model files, made here from a
# valid ARPA model, a valid DMP and a valid trie: truncated at many points, no
# \end\, renamed sections, missing and extra fields, negative and huge counts,
# NaN and infinity, random bytes, oversized DMP header strings, a trie whose
# quantiser holds NaN, an empty file, a directory, a FIFO, /dev/zero and a
# symlink to it, escape sequences in the content and in the file name. Each
# ends with status 2 and one line on stderr naming the user's file (escaped),
# within 5 seconds, with $TMPDIR left empty (the temporary copies are unlinked
# at once). The valid files load. A name ending in .gz reaches no shell.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

c=$tmp/corpus
t=$tmp/tmpdir
mkdir "$c" "$t"

arpa() {
	echo "# a comment"
	cat "$TESTS_SRCDIR/data/lm/tiny.arpa"
}
arpa > "$c/ok.arpa"

# le WIDTH VALUE...: each VALUE as WIDTH little-endian bytes (two's complement).
le() {
	_w=$1
	shift
	for _v; do
		_i=0
		while [ "$_i" -lt "$_w" ]; do
			printf "\\$(printf %o $(((_v >> (8 * _i)) & 255)))"
			_i=$((_i + 1))
		done
	done
}

# dmp [FIELD=VALUE...]: a DMP bigram model of the words a b c (each 1/3; a b and
# b c listed), a field changed by name: namelen ucount bcount wid prob2 uni1 next1.
dmp() {
	namelen=4 ucount=3 bcount=2 wid=1 prob2=0xbdcccccd uni1=0xbef4493d next1=1
	for _a; do eval "$_a"; done
	le 4 17
	printf 'Darpa Trigram LM\0'
	le 4 "$namelen"
	printf 'x.lm'
	le 4 -1 0 0 "$ucount" "$bcount" 0
	le 4 0 0xbef4493d 0xbe9a209b 0 1 "$uni1" 0xbe9a209b "$next1"
	le 4 2 0xbef4493d 0xbe9a209b 2 3 0 0 2
	le 2 "$wid" 0 0 0 2 0 0 0 0 0 0 0
	le 4 1 "$prob2" 6
	printf 'a\0b\0c\0'
}

# trie [QUANT=BITS]: a sphinxbase trie of order 2 over a b c (each 1/3, no
# bigrams), the first quantiser entry's bits as given.
trie() {
	printf 'Trie Language Model\2'
	le 4 3 0 0 "${1:-0}"
	head -c 262140 /dev/zero
	le 4 0xc62baab0 0 0 0xc62baab0 0 0 0xc62baab0 0 0 0 0 0
	head -c 11 /dev/zero
	le 4 6
	printf 'a\0b\0c\0'
}

# The valid files load.
dmp > "$c/ok.dmp"
trie > "$c/ok.trie"
for f in ok.arpa ok.dmp ok.trie; do
	TMPDIR=$t "$SPECDEC" --json --lm "$c/$f" --steps 5 > "$tmp/out" 2> "$tmp/err"
	rc=$?
	if grep -q "needs sphinxbase" "$tmp/err"; then
		skip "built without sphinxbase: --lm"
		done_testing
		exit 0
	fi
	is "$rc $(jq -r .vocab "$tmp/out" 2>/dev/null)" "0 $([ "$f" = ok.arpa ] && echo 5 || echo 3)" \
	    "the valid $f loads" 
done

# The corpus: FILE and the words its one line of error must hold.
corpus=$tmp/list
n=0
add() {
	n=$((n + 1))
	printf '%s\t%s\n' "$1" "$2" >> "$corpus"
}
for cut in 9 40 90 150 200 260 290; do
	head -c "$cut" "$c/ok.arpa" > "$c/cut$cut.arpa"
done
add cut9.arpa "no \\data\\ line"
add cut40.arpa "line 5: 'n' where \\1-grams: should be"
add cut90.arpa "line 10: a 1-gram line with 1 field, not 2 or 3"
add cut150.arpa "ends before its \\2-grams: line"
add cut200.arpa "ends after 2 of the 4 2-grams"
add cut260.arpa "line 21: a 3-gram line with 1 field, not 4"
add cut290.arpa "line 22: 'sa' in a 3-gram is not one of the 1-grams"
arpa | grep -v end > "$c/noend.arpa"; add noend.arpa "ends before its \\end\\ line"
arpa | sed 's/2-grams/bigrams/' > "$c/renamed.arpa"; add renamed.arpa "line 14: '\\bigrams:' where \\2-grams: should be"
arpa | sed 's/^\\end\\$/\\fin\\/' > "$c/badend.arpa"; add badend.arpa "'\\fin\\' where \\end\\ should be"
arpa | sed 's/^-0.2218 cat sat$/-0.2218 cat sat -0.1 9 9/' > "$c/extra.arpa"; add extra.arpa "line 17: a 2-gram line with 6 fields, not 3 or 4"
arpa | sed 's/^-0.1249 the cat sat$/-0.1249 the cat sat -0.5/' > "$c/trbo.arpa"; add trbo.arpa "line 22: a 3-gram line with 5 fields, not 4 (log10 probability, 3 words)"
arpa | sed 's/^-0.2218 cat sat$/-0.2218 cat/' > "$c/missing.arpa"; add missing.arpa "line 17: a 2-gram line with 2 fields, not 3 or 4"
arpa | sed 's/ngram 1=5/ngram 1=-7/' > "$c/neg.arpa"; add neg.arpa "line 3: 'ngram 1=-7': the count is not a whole number"
arpa | sed 's/ngram 2=4/ngram 2=99999999999/' > "$c/huge.arpa"; add huge.arpa "'ngram 2=99999999999': the count is not a whole number from 1 to 33554431"
arpa | sed 's/ngram 2=4/ngram 2=5/' > "$c/more.arpa"; add more.arpa "line 20: '\\3-grams:' after 4 of the 5 2-grams"
arpa | sed 's/ngram 2=4/ngram 2=3/' > "$c/fewer.arpa"; add fewer.arpa "line 18: more 2-grams than the 3 its \\data\\ header counts"
arpa | sed 's/ngram 3=2/ngram 3=2\nngram 4=1/' > "$c/order4.arpa"; add order4.arpa "a model of order 4 (1 to 3 are read)"
arpa | sed 's/ngram 2=4/ngram 3=4/' > "$c/order.arpa"; add order.arpa "line 4: 'ngram 3=4' where 'ngram 2=COUNT' should come"
arpa | sed 's/^-0.3979 the/nan the/' > "$c/nan.arpa"; add nan.arpa "line 10: 'nan' is not a finite number"
arpa | sed 's/^-0.3010 sat/-inf sat/' > "$c/inf.arpa"; add inf.arpa "line 18: '-inf' is not a finite number"
arpa | sed 's/the -0.2218$/the 1e300/' > "$c/bigbo.arpa"; add bigbo.arpa "line 10: 1e300 is out of range"
arpa | sed 's/^-0.6990 cat/0.5 cat/' > "$c/pos.arpa"; add pos.arpa "line 11: log10 probability 0.5 is above 0"
arpa | sed 's/^-0.2218 cat sat$/-0.2218 cat dog/' > "$c/oov.arpa"; add oov.arpa "line 17: 'dog' in a 2-gram is not one of the 1-grams"
arpa | sed 's/^-0.6990 sat -0.1761$/-0.6990 cat -0.1761/' > "$c/dup.arpa"; add dup.arpa "line 12: the 1-gram 'cat' is listed twice"
arpa | sed 's/^-0.6990 cat/-0.6990 c\x00t/' > "$c/nul.arpa"; add nul.arpa "line 11: a NUL byte"
arpa | sed 's/^\\2-grams:$/\\2-grams:\x1b]0;pwned\x07\x1b[2J/' > "$c/esc.arpa"
add esc.arpa "line 14: '\\2-grams:\\x1b]0;pwned\\x07\\x1b[2J' where \\2-grams: should be"
printf 'this is not a model\n' > "$c/text.lm"; add text.lm "not a language model sphinxbase reads"
: > "$c/empty.lm"; add empty.lm "an empty file, not a language model"
head -c 3000 /dev/urandom | tr -d '\\' > "$c/random.bin"; add random.bin "not a language model sphinxbase reads"
printf '\\data\\\n' > "$c/dataonly.arpa"; add dataonly.arpa "ends in its \\data\\ header"
arpa | gzip -c > "$c/ok.arpa.gz" 2>/dev/null; add ok.arpa.gz "not a language model sphinxbase reads"
dmp namelen=5000 > "$c/bigname.dmp"; add bigname.dmp "a DMP model with a file name of 5000 bytes (0 to 1024)"
{ le 4 17; printf 'Darpa Trigram LM\0'; head -c 2000 /dev/urandom; } > "$c/random.dmp"
add random.dmp "a DMP model "
dmp ucount=-3 > "$c/negu.dmp"; add negu.dmp "a DMP model with -3 unigrams"
dmp bcount=1000000000 > "$c/hugeb.dmp"; add hugeb.dmp "a DMP model with 1000000000 bigrams"
dmp wid=9 > "$c/wid.dmp"; add wid.dmp "an n-gram of a word id beyond its 3 unigrams"
dmp prob2=0x7fc00000 > "$c/nan.dmp"; add nan.dmp "bigram probability table holds a value that is not finite"
dmp uni1=0x7f800000 > "$c/inf.dmp"; add inf.dmp "a weight of unigram 1 that is not finite"
dmp next1=7 > "$c/next.dmp"; add next.dmp "unigram 1 points at bigram 7"
dmp | head -c 100 > "$c/cut.dmp"; add cut.dmp "a DMP model cut short in its unigrams"
dmp | head -c 140 > "$c/cut2.dmp"; add cut2.dmp "a DMP model cut short in its bigrams (byte 117 of 140)"
trie 0x7fc00000 > "$c/nan.trie"; add nan.trie "the trie model's quantiser holds a value that is not a finite number"
trie 0xff800000 > "$c/inf.trie"; add inf.trie "the trie model's quantiser holds a value that is not a finite number"
trie | head -c 1000 > "$c/cut.trie"; add cut.trie "the trie model is cut short"
mkdir "$c/dir.lm"; add dir.lm "a directory, not a regular file"
mkfifo "$c/fifo.lm"; add fifo.lm "a FIFO or pipe, not a regular file"
ln -s /dev/zero "$c/zero.lm"; add zero.lm "a character device, not a regular file"
ln -s "$c/cut90.arpa" "$c/link.lm"; add link.lm "line 10: a 1-gram line with 1 field"
esc=$(printf 'evil\033]0;x\007\n.lm')
head -c 90 "$c/ok.arpa" > "$c/$esc"
ok $? "a file name with ESC, BEL and a newline"

# check NAME SHOWN WANT: --lm NAME fails as it should; SHOWN is the name as the
# message prints it.
check() {
	start=$(date +%s)
	TMPDIR=$t timeout 5 "$SPECDEC" --batch --lm "$1" --steps 3 > "$tmp/out" 2> "$tmp/err"
	rc=$?
	took=$(($(date +%s) - start))
	bad=
	[ "$rc" = 2 ] || bad="status $rc;"
	[ ! -s "$tmp/out" ] || bad="$bad stdout;"
	[ "$(wc -l < "$tmp/err")" = 1 ] || bad="$bad $(wc -l < "$tmp/err") lines;"
	head -n 1 "$tmp/err" | grep -qF "specdec: $2: " || bad="$bad not naming the file;"
	grep -qF -- "$3" "$tmp/err" || bad="$bad not '$3';"
	! grep -q "$(printf '\033')\|specdec-lm-\|$t" "$tmp/err" || bad="$bad raw ESC or a temporary name;"
	[ -z "$(ls -A "$t")" ] || bad="$bad left $(ls -A "$t");"
	[ "$took" -le 5 ] || bad="$bad took ${took}s;"
	ok "$([ -z "$bad" ]; echo $?)" "$(printf %s "${1##*/}" | tr -c '[:alnum:]._-' '?'): refused, one line" \
	    "$bad $(cat "$tmp/err")"
}

while IFS='	' read -r f want; do
	check "$c/$f" "$c/$f" "$want"
done < "$corpus"
check /dev/zero /dev/zero "a character device, not a regular file"
check "$c/$esc" "$c/evil\\x1b]0;x\\x07\\n.lm" "line 10: a 1-gram line with 1 field"
n=$((n + 2))
within "$n" 30 1000 "hostile model files in the corpus"

# The temporary copy goes to $TMPDIR: a directory that is not there is named.
TMPDIR=$tmp/none "$SPECDEC" --batch --lm "$c/ok.arpa" --steps 3 > /dev/null 2> "$tmp/err"
is "$?:$(cat "$tmp/err")" "2:specdec: $c/ok.arpa: no temporary file in $tmp/none to convert it in (No such file or directory; set TMPDIR to a writable directory)" \
    "TMPDIR holds the temporary copies"

# A name ending in .gz is never handed to a shell (sphinxbase popens such names).
cp "$c/ok.arpa" "$c/x;touch PWNED;.gz"
(cd "$c" && TMPDIR=$t "$SPECDEC" --json --lm "x;touch PWNED;.gz" --steps 3 > "$tmp/out" 2>&1)
is "$? $(jq -r .vocab "$tmp/out" 2>/dev/null) $([ -e "$c/PWNED" ]; echo $?)" "0 5 1" \
    "a model named 'x;touch PWNED;.gz' loads and runs no command"
done_testing
