/* course.h: --export-html FILE.cast, the headless face that writes the course
 * page FILE.html beside a recording (course_page.h). The questions come from
 * --lesson when it is given (a built-in lesson's name or a file), else from
 * the built-in lesson the recording was made of (its header's title is
 * "specdec: " and the lesson's title, as --record writes it), else there are
 * none. The player is read from the data directory (util/datadir.h). */
#ifndef SPECDEC_COURSE_H
#define SPECDEC_COURSE_H

#include "cli/options.h"

/* Write the page; the exit status (util/exit_status.h): USAGE for a name
 * without .cast, a recording that is not a readable, whole asciicast v2 file,
 * a lesson that cannot be read, or a page that cannot be created; RUNTIME when
 * the player is not found or cannot be inlined, or the page cannot be
 * written. One line on stderr for each; on success one line on stdout. */
int course_export(const struct options *opt);

#endif
