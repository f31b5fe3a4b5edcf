#!/bin/sh
# embed.sh FILE NAME HEADER: a C file on stdout that includes HEADER and defines
#   const unsigned char NAME[];   FILE's bytes, then a NUL
#   const size_t NAME_len;        FILE's length, without that NUL
# With POSIX od and awk only, so that it runs wherever the program builds:
# Makefile.am runs it on data/corpus.txt (src/source/ngram/corpus_builtin.h), and
# tests/fuzz/fuzz.sh too.
set -e
file=$1
name=$2
header=$3
[ -r "$file" ] || { echo "embed.sh: cannot read $file" >&2; exit 1; }
printf '/* Generated from %s by data/embed.sh: do not edit. */\n' "$(basename "$file")"
printf '#include "config.h"\n\n#include <stddef.h>\n\n#include "%s"\n\n' "$header"
printf 'const unsigned char %s[] = {\n' "$name"
od -An -v -tu1 "$file" | awk -v name="$name" '
	{
		for (i = 1; i <= NF; i++) {
			line = line $i ","
			if (length(line) > 70) { print "\t" line; line = "" }
		}
		n += NF
	}
	END {
		print "\t" line "0"
		print "};"
		print "const size_t " name "_len = " n ";"
	}'
