/* jsonin: a small bounded JSON reader.  Parses one value at a time into
 * a tree (for JSON Lines: call it again at the returned position),
 * nesting at most JSON_DEPTH_MAX deep; a syntax error is reported at
 * its line:col (json-syntax) and ends the input. */
#ifndef BELLIS_JSONIN_H
#define BELLIS_JSONIN_H

#include <stdbool.h>
#include <stddef.h>

#define JSON_DEPTH_MAX 64
/* Values in one record (a top-level value, or one streamed element):
 * the tree of each costs about 100 bytes. */
#define JSON_VALUES_MAX (1 << 18)

enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jval {
	enum jtype t;
	long line, col;
	bool b;
	char *s;                   /* J_STR: UTF-8 text; J_NUM: as written */
	size_t n;
	struct jval *v;            /* J_ARR elements, J_OBJ member values */
	char **keys;               /* J_OBJ member names */
	size_t nv, cap;
};

struct jsonin {
	const char *s;
	size_t n, i;
	long line;
	size_t bol;                /* offset of the line's first byte */
	/* Streaming: each element of the array under member each_key of
	 * a top-level object is handed to each (with that object, its
	 * members so far) as soon as it is read, then freed; so a
	 * truncated document still gives its first elements. */
	const char *each_key;
	void (*each)(const struct jval *top, const struct jval *elem,
	    void *ctx);
	void *ctx;
	const struct jval *top;
	bool each_top_array;       /* also the elements of a top array */
	long nvals;                /* values of the record being read */
};

void jsonin_init(struct jsonin *j, const char *s, size_t n);
/* Skip blanks; true when a value follows. */
bool jsonin_more(struct jsonin *j);
/* Parse the next value into *v: 0, or -1 after reporting an error (*v
 * then holds nothing to free). */
int jsonin_value(struct jsonin *j, struct jval *v);
/* JSON Lines: go on at the line after line, which begins at or before
 * offset at (after an error in the value that began there). */
void jsonin_next_line(struct jsonin *j, size_t at, long line);
void jval_free(struct jval *v);
/* The member key of an object, or NULL. */
const struct jval *jval_get(const struct jval *o, const char *key);
/* The string of v (J_STR), or NULL. */
const char *jval_str(const struct jval *v);

#endif
