/* armyin: the readers of army lists.  Every carrier (pipe table, TSV,
 * HTML, English list text, armylist XML) becomes struct army records,
 * handed one by one to a callback and freed after it. */
#ifndef BELLIS_ARMYIN_H
#define BELLIS_ARMYIN_H

#include "army/army.h"
#include "core/input.h"

typedef void (*army_cb)(struct army *a, void *ctx);

/* Read one operand, whatever its carrier. */
void armylist_read(struct input *in, army_cb cb, void *ctx);
/* Read one operand of a collection: armylist XML only (empty input and
 * any other carrier are errors). */
void armylist_read_collection(struct input *in, army_cb cb, void *ctx);

/* The carriers, for tests and fuzzing. */
void armylist_read_lines(struct input *in, army_cb cb, void *ctx);
void armylist_read_html(struct input *in, army_cb cb, void *ctx);
void armylist_read_xml(struct input *in, army_cb cb, void *ctx);

/* Internal: table rows (pipe, TSV, HTML) share one state machine. */
enum sheet_field {
	F_NUMBER, F_NAME, F_DATES, F_SOURCES, F_DBM, F_ENEMIES, F_ALLIES,
	F_TERRAIN, F_AGGRESSION, F_ELEMENTS, F_NFIELDS
};

struct cell {
	const char *s;
	size_t n;
	long line, col;          /* col 0: unknown */
};

struct sheet;
struct sheet *sheet_new(const char *file, army_cb cb, void *ctx);
void sheet_row(struct sheet *sh, const struct cell *cells, size_t n);
/* End of a table: finish the open army (the header stays). */
void sheet_flush(struct sheet *sh);
void sheet_free(struct sheet *sh);

/* English list text, one line at a time (col of the line's byte 0 is 1). */
struct listtext;
struct listtext *listtext_new(const char *file, army_cb cb, void *ctx);
void listtext_line(struct listtext *lt, const char *s, size_t n, long line);
void listtext_flush(struct listtext *lt);
void listtext_free(struct listtext *lt);

/* Build the common fields of an army from raw texts (shared by the
 * sheet and list-text readers): dates with a warning when unreadable,
 * sources with a "DBM n/m" part split off, references, aggression. */
void army_set_period(struct army *a, const char *s, size_t n, long line,
    long col);
void army_set_sources(struct army *a, const char *s, size_t n);
void army_set_aggression(struct army *a, const char *s, size_t n,
    long line, long col);

#endif
