# metrics_formats.sh: write a run's counts in each serving system's metrics
# format, for tests/batch/metrics.sh and tests/stat/metrics_coverage.sh. Source
# it after lib.sh. A run is the JSON of `specdec --batch --json` (its steps,
# gamma and accept_rate_by_position_uncond); from it:
#   run_counts JSON          "steps gamma A_1 ... A_g" (accepted at each position)
#   write_FORMAT COUNTS OUT  the counts as that format writes them
# The field names are those the systems document (vLLM's metrics and its
# SpecDecoding log line, SGLang's Decode batch line, llama.cpp's draft acceptance
# rate line, TensorRT-LLM's counters).

run_counts() {
	jq -r '[.steps, .gamma] + [.accept_rate_by_position_uncond[] * .steps | round] |
	    map(tostring) | join(" ")' "$1"
}

# The totals of a counts line: "steps gamma drafted accepted".
counts_totals() {
	echo "$1" | awk '{ a = 0; for (i = 3; i <= NF; i++) a += $i; print $1, $2, $1 * $2, a }'
}

write_vllm_prom() {
	echo "$1" | awk '{
		print "# TYPE vllm:spec_decode_num_drafts_total counter"
		printf "vllm:spec_decode_num_drafts_total{engine=\"0\",model_name=\"m\"} %d.0\n", $1
		printf "vllm:spec_decode_num_draft_tokens_total{engine=\"0\",model_name=\"m\"} %d.0\n", $1 * $2
		a = 0; for (i = 3; i <= NF; i++) a += $i
		printf "vllm:spec_decode_num_accepted_tokens_total{engine=\"0\",model_name=\"m\"} %d.0\n", a
		for (i = 3; i <= NF; i++)
			printf "vllm:spec_decode_num_accepted_tokens_per_pos_total{engine=\"0\",model_name=\"m\",position=\"%d\"} %d.0\n", i - 3, $i
	}' > "$2"
}

# The log line of vLLM, split into two lines of half the steps each (the
# positions' rates printed with three decimals, as vLLM does).
write_vllm_log() {
	echo "$1" | awk '{
		a = 0; for (i = 3; i <= NF; i++) a += $i
		rates = ""; for (i = 3; i <= NF; i++) rates = rates (i > 3 ? ", " : "") sprintf("%.3f", $i / $1)
		line = sprintf("SpecDecoding metrics: Mean acceptance length: %.2f, Accepted throughput: 1.00 tokens/s, Drafted throughput: 1.00 tokens/s, Accepted: %d tokens, Drafted: %d tokens, Per-position acceptance rate: %s, Avg Draft acceptance rate: %.1f%%", 1 + a / $1, a, $1 * $2, rates, 100 * a / ($1 * $2))
		print "INFO 05-01 10:00:00 [loggers.py:120] Engine 000: Avg generation throughput: 80.0 tokens/s"
		print "INFO 05-01 10:00:00 [metrics.py:96] " line
	}' > "$2"
}

write_csv() {
	echo "$1" | awk '{ print "position,accepted,drafts"
		for (i = 3; i <= NF; i++) printf "%d,%d,%d\n", i - 2, $i, $1 }' > "$2"
}

write_llamacpp() {
	counts_totals "$1" | awk '{
		printf "n_draft   = %d\n", $2
		printf "slot print_timing: id  0 | task 0 | draft acceptance rate = %.5f (%5d accepted / %5d generated)\n", $4 / $3, $4, $3
	}' > "$2"
}

write_trtllm() {
	counts_totals "$1" | awk '{
		printf "trtllm_spec_decode_num_draft_tokens_total{model_name=\"m\"} %d\n", $3
		printf "trtllm_spec_decode_num_accepted_tokens_total{model_name=\"m\"} %d\n", $4
		printf "trtllm_spec_decode_acceptance_length{model_name=\"m\"} %.6f\n", 1 + $4 / $1
	}' > "$2"
}

write_sglang_log() {
	counts_totals "$1" | awk '{
		printf "[2025-05-01 10:00:01 TP0] Decode batch, #running-req: 1, #token: 99, token usage: 0.01, accept len: %.4f, accept rate: %.4f, cuda graph: True, gen throughput (token/s): 100.00, #queue-req: 0\n", 1 + $4 / $1, $4 / $3
	}' > "$2"
}

write_sglang_prom() {
	counts_totals "$1" | awk '{
		printf "sglang:spec_accept_length{model_name=\"m\"} %.6f\n", 1 + $4 / $1
		printf "sglang:spec_accept_rate{model_name=\"m\"} %.6f\n", $4 / $3
	}' > "$2"
}

# true_tok ALPHAS G: 1 + sum over i <= G of the product of the first i alphas
# (the last alpha held past the list), worked in awk, not by specdec.
true_tok() {
	echo "$1" | awk -v g="$2" -F, '{ t = 1; a = 1
		for (i = 1; i <= g; i++) { a *= $(i <= NF ? i : NF); t += a }
		printf "%.10f\n", t }'
}

# true_best ALPHAS C GMAX: the gamma in 0..GMAX of the largest
# true_tok / (1 + g c).
true_best() {
	echo "$1" | awk -v c="$2" -v gmax="$3" -F, '{ best = 0; bs = 1; t = 1; a = 1
		for (g = 1; g <= gmax; g++) { a *= $(g <= NF ? g : NF); t += a
			s = t / (1 + g * c); if (s > bs * (1 + 1e-12)) { bs = s; best = g } }
		print best }'
}
