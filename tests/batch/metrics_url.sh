#!/bin/sh
# metrics_url.sh: --batch --metrics URL against a scripted server on 127.0.0.1
# (tests/lib/metrics_server.py: a fixed sequence of scrapes, a free port, stops
# by itself). N polls give the figures --metrics gives on a file of the summed
# increases; a restart counts v_now ((2A - A) + C); --metrics-log replays with
# the same figures; the requests running set the machine's batch size; an
# unreachable port, a 404, a body without the speculative counters, a stalled
# server, a 10 MB body and a body cut mid-line each give one line and status 2
# within the timeout; hostile URLs and bodies come out escaped. Skipped when
# the build has no libcurl. No timing finer than --interval is assumed.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq
data="${TESTS_SRCDIR:-$(dirname "$0")/..}/data/metrics"

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/metrics_serve.sh"
figures='[.drafts, .drafted, .accepted, .a_pos, .alpha_pos, .best_gamma, .tokens, .speedup_lo]'

# Four polls A, 2A, 3A, 5A: the increase 4A, as a file holding 4A reads.
scale 1 2 >"$TMPD/a1"; scale 2 2 >"$TMPD/a2"; scale 3 4 >"$TMPD/a3"; scale 5 4 >"$TMPD/a5"
scale 4 0 >"$TMPD/sum.prom"
serve four seq "$TMPD/a1" "$TMPD/a2" "$TMPD/a3" "$TMPD/a5"
"$SPECDEC" --batch --json --metrics "$url" --polls 4 --interval 0.2 \
    --metrics-log "$TMPD/log" >"$TMPD/j" 2>"$TMPD/err"
ok $? "four polls: status 0" "$(cat "$TMPD/err")"
"$SPECDEC" --batch --json --metrics "$TMPD/sum.prom" >"$TMPD/jf"
is "$(jq -c "$figures" "$TMPD/j")" "$(jq -c "$figures" "$TMPD/jf")" \
    "four polls: the figures of a file holding the summed increases"
is "$(jq -c '[.polls, .resets, .drafts, .requests_running]' "$TMPD/j")" '[4,0,4000,3]' \
    "four polls: polls, resets, 4A draft steps, the mean of 2, 2, 4, 4 running"
"$SPECDEC" --batch --json --metrics "$TMPD/log" >"$TMPD/jl" 2>"$TMPD/err"
is "$(jq -c 'del(.records)' "$TMPD/jl")" "$(jq -c 'del(.records)' "$TMPD/j")" \
    "--metrics-log replayed by --metrics FILE: the same JSON" "$(cat "$TMPD/err")"
is "$(grep -c '^# specdec-scrape ' "$TMPD/log")" 4 "the log holds the four scrapes"

# A restart: A, 2A, then C = A/2 from a fresh server gives (2A - A) + C.
scale 0.5 1 >"$TMPD/c"
serve restart seq "$TMPD/a1" "$TMPD/a2" "$TMPD/c"
"$SPECDEC" --batch --json --metrics "$url" --polls 3 --interval 0.2 >"$TMPD/j" 2>"$TMPD/err"
is "$(jq -c '[.polls, .resets, .drafts, .drafted, .accepted]' "$TMPD/j")" \
    '[3,1,1500,4500,2544]' "restart: (2A - A) + C, one reset" "$(cat "$TMPD/err")"
scale 1.5 0 >"$TMPD/sum.prom"
"$SPECDEC" --batch --json --metrics "$TMPD/sum.prom" >"$TMPD/jf"
is "$(jq -c "$figures" "$TMPD/j")" "$(jq -c "$figures" "$TMPD/jf")" \
    "restart: the figures of a file holding 1.5A"
cat "$TMPD/a2" "$TMPD/a1" >"$TMPD/down.prom"
"$SPECDEC" --batch --metrics "$TMPD/down.prom" >/dev/null 2>"$TMPD/err"
is "$?:$(grep -c 'went down' "$TMPD/err")" "2:1" "one file still refuses a counter that went down"

# With a machine, the requests running are the batch size; --batch-size wins.
serve machine seq "$TMPD/a1" "$TMPD/a3"
"$SPECDEC" --batch --json --metrics "$url" --polls 2 --interval 0.2 --hw h100-sxm \
    --model llama-3.1-8b >"$TMPD/j" 2>"$TMPD/err"
is "$(jq -c '[.requests_running, .batch_size]' "$TMPD/j")" '[3,3]' \
    "--hw: the mean requests running (2, 4) is the batch size" "$(cat "$TMPD/err")"
"$SPECDEC" --batch --json --metrics "$TMPD/log" --hw h100-sxm --model llama-3.1-8b \
    --batch-size 7 >"$TMPD/j"
is "$(jq -c '.batch_size' "$TMPD/j")" 7 "--batch-size given: it stays"

# fails NAME ARGS...: status 2, one line on stderr, within 10 s of wall time.
fails() {
	name=$1
	shift
	start=$(date +%s)
	"$SPECDEC" --batch --metrics "$@" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	took=$(( $(date +%s) - start ))
	is "$rc:$(wc -l <"$TMPD/err" | tr -d ' '):$(( took < 10 ))" "2:1:1" \
	    "$name: status 2, one line, no hang" "$(cat "$TMPD/err")"
}
# a port nothing listens on: one the server held, then gave back
serve gone seq "$TMPD/a1"
"$SPECDEC" --batch --metrics "$url" --polls 2 --interval 0.5 >/dev/null 2>&1
wait "$server"
fails unreachable "$url" --polls 2 --interval 0.5
grep -q 'Could not connect\|Failed to connect\|Connection refused' "$TMPD/err"
ok $? "unreachable: the reason is connecting" "$(cat "$TMPD/err")"
serve nf 404
fails 404 "$url" --polls 2 --interval 0.5
grep -q 'HTTP status 404' "$TMPD/err"; ok $? "404: said" "$(cat "$TMPD/err")"
grep -v spec_decode "$TMPD/a1" >"$TMPD/nospec"
serve nospec seq "$TMPD/nospec" "$TMPD/nospec"
fails "no speculative counters" "$url" --polls 2 --interval 0.5
grep -q 'no speculative-decoding metrics' "$TMPD/err"; ok $? "no counters: said" "$(cat "$TMPD/err")"
serve stall stall
fails stalled "$url" --polls 2 --interval 1
grep -q 'no complete answer within 1 s' "$TMPD/err"; ok $? "stalled: the timeout said" "$(cat "$TMPD/err")"
serve big big
fails "10 MB body" "$url" --polls 2 --interval 2
grep -q 'larger than 4 MiB' "$TMPD/err"; ok $? "10 MB: the limit said" "$(cat "$TMPD/err")"
serve cut cut "$TMPD/a1"
fails "body cut mid-line" "$url" --polls 2 --interval 1
grep -q 'cut short' "$TMPD/err"; ok $? "cut: said" "$(cat "$TMPD/err")"
head -c 700 "$TMPD/a1" >"$TMPD/half"
serve half seq "$TMPD/half" "$TMPD/half"
fails "a whole body that ends mid-line" "$url" --polls 2 --interval 0.5
grep -q 'ends mid-line' "$TMPD/err"; ok $? "mid-line: said" "$(cat "$TMPD/err")"

# Hostile input: escapes in the body and the URL come out escaped; huge or
# binary URLs get one line.
{ printf 'vllm:spec_decode_num_drafts_total{e="\033]0;x\007"} 1\n'; printf '\033[2J\001\n'; } >"$TMPD/esc"
serve esc seq "$TMPD/esc" "$TMPD/esc"
fails "escapes in the body" "$url" --polls 2 --interval 0.5
is "$(tr -d '\n' <"$TMPD/err" | tr -d '[:print:]' | wc -c | tr -d ' ')" 0 \
    "escapes in the body: none reach the terminal" "$(cat -v "$TMPD/err")"
fails "escapes in the URL" "$(printf 'http://127.0.0.1:9/\033[2J\007')" --polls 2 --interval 0.5
is "$(tr -d '\n' <"$TMPD/err" | tr -d '[:print:]' | wc -c | tr -d ' ')" 0 \
    "escapes in the URL: none reach the terminal" "$(cat -v "$TMPD/err")"
fails "a huge URL" "http://127.0.0.1:9/$(head -c 3000 /dev/zero | tr '\0' a)" --polls 2 --interval 0.5
fails "a binary URL" "$(printf 'http://\377\376\001/x')" --polls 2 --interval 0.5

# Usage: the options of polling need a URL; --batch needs --polls.
"$SPECDEC" --batch --metrics "$data/vllm.prom" --polls 3 >/dev/null 2>"$TMPD/err"
is "$?:$(cat "$TMPD/err")" "2:specdec: --polls only applies with --metrics URL (http://HOST[:PORT]/PATH)" \
    "--polls without a URL"
"$SPECDEC" --batch --metrics http://127.0.0.1:9/ >/dev/null 2>"$TMPD/err"
is "$?" 2 "--batch --metrics URL without --polls: status 2"
"$SPECDEC" --batch --metrics http://127.0.0.1:9/ --polls 2 --interval 0.05 >/dev/null 2>"$TMPD/err"
is "$?:$(grep -c 'interval' "$TMPD/err")" "2:1" "--interval below 0.1: refused"
serve_end
done_testing
