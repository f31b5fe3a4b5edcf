/* lesson_builtin.h: the lessons compiled into the program. Each is a script of
 * data/lessons/ that data/embed.sh writes into a C array at build time (as the
 * built-in corpus), so --lesson NAME works wherever the program was built,
 * installed or not. */
#ifndef SPECDEC_LESSON_BUILTIN_H
#define SPECDEC_LESSON_BUILTIN_H

#include <stddef.h>
#include <stdio.h>

struct lesson_builtin {
	const char *name;	/* what --lesson takes */
	const char *summary;	/* one line for --list-lessons */
	const unsigned char *text;
	const size_t *len;
};

extern const struct lesson_builtin lesson_builtins[];
extern const int lesson_nbuiltins;

/* The built-in lesson of that name, or NULL. */
const struct lesson_builtin *lesson_builtin_find(const char *name);

/* The --list-lessons text. */
void lesson_builtin_list(FILE *out);

/* The scripts' bytes (generated from data/lessons/NAME.lesson), each with a NUL
 * after it, and their lengths. */
extern const unsigned char lesson_text_one_step[], lesson_text_lossless[],
    lesson_text_gamma[];
extern const size_t lesson_text_one_step_len, lesson_text_lossless_len,
    lesson_text_gamma_len;
extern const unsigned char lesson_text_metrics[], lesson_text_temperature[],
    lesson_text_trees[];
extern const size_t lesson_text_metrics_len, lesson_text_temperature_len,
    lesson_text_trees_len;
extern const unsigned char lesson_text_batch[];
extern const size_t lesson_text_batch_len;
extern const unsigned char lesson_text_copy[];
extern const size_t lesson_text_copy_len;

#endif
