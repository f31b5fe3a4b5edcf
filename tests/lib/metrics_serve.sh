# metrics_serve.sh: sourced by the tests of --metrics URL, after lib.sh. Skips
# the whole script when the build has no libcurl; serve starts the scripted
# server (metrics_server.py), scale writes scrapes from the vLLM sample.
need python3
if "$SPECDEC" --batch --metrics http://127.0.0.1:9/ --polls 2 2>&1 |
    grep -q 'built without libcurl'; then
	echo "1..0 # SKIP built without libcurl: --metrics URL is not there"
	exit 0
fi
metrics_lib="${TESTS_SRCDIR:-$(dirname "$0")/..}/lib"
metrics_data="${TESTS_SRCDIR:-$(dirname "$0")/..}/data/metrics"

# serve NAME MODE [FILE...]: a server on a free port of 127.0.0.1 in the
# background, its pid in $server (each stops by itself; serve_end stops those
# still up); its URL in $url.
servers=
serve() {
	name=$1 mode=$2
	shift 2
	python3 "$metrics_lib/metrics_server.py" "$TMPD/$name.port" "$mode" "$@" \
	    >/dev/null 2>&1 &
	server=$!
	servers="$servers $server"
	n=0
	while [ ! -s "$TMPD/$name.port" ] && [ $n -lt 400 ]; do sleep 0.05; n=$((n + 1)); done
	url="http://127.0.0.1:$(cat "$TMPD/$name.port")/metrics"
}

serve_end() {
	kill $servers 2>/dev/null
}

# scale K RUNNING: the vLLM sample with its counters times K, RUNNING requests.
scale() {
	awk -v k="$1" -v r="$2" '
	    /^vllm:spec_decode_num_(drafts|draft_tokens|accepted_tokens)/ { $NF = $NF * k }
	    /^vllm:num_requests_running/ { $NF = r } { print }' "$metrics_data/vllm.prom"
}
