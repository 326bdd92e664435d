/* jsonout: a small streaming JSON writer (objects, arrays, strings,
 * integers), compact, one document or one object per line. */
#ifndef BELLIS_JSONOUT_H
#define BELLIS_JSONOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Levels whose commas are tracked: more than any input nests (libxml2
 * stops at 256 levels, the JSON reader at JSON_DEPTH_MAX). */
#define JW_DEPTH 1024

struct jw {
	FILE *fp;
	int depth;
	bool first[JW_DEPTH];
	bool after_key;
	bool doc;               /* jw_begin opened a document */
};

void jw_init(struct jw *j, FILE *fp);
void jw_obj(struct jw *j);          /* { */
void jw_arr(struct jw *j);          /* [ */
void jw_close(struct jw *j, char c);/* } or ] */
void jw_key(struct jw *j, const char *key);
void jw_str(struct jw *j, const char *s);
void jw_int(struct jw *j, long long v);
void jw_bool(struct jw *j, bool v);
/* Convenience: "key": "value" and "key": number. */
void jw_kstr(struct jw *j, const char *key, const char *s);
void jw_kint(struct jw *j, const char *key, long long v);
/* A number already written as JSON ("1.5"), under key. */
void jw_knum(struct jw *j, const char *key, const char *num);
/* The -T json and -T jsonl of a tool that writes records: with lines
 * false, one document {"version":1,"rules":R,"seed":N,"RECORDS":[...]}
 * (rules NULL or seed NULL: left out) whose records the caller writes
 * as objects, jw_end closing it; with lines true, each record object
 * on its own line and nothing else.  The seed is a string of digits:
 * 64 bits do not survive the doubles of most JSON readers (RFC 8259,
 * section 6). */
void jw_begin(struct jw *j, FILE *fp, bool lines, const char *rules,
    const uint64_t *seed, const char *records);
void jw_end(struct jw *j);
/* TSV cell: tab, newline, CR and backslash escaped as \t \n \r \\. */
void tsv_cell(FILE *fp, const char *s, size_t n);

#endif
