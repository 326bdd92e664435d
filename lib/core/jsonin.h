/* jsonin: a small bounded JSON reader.  Parses one value at a time into
 * a tree (for JSON Lines: call it again where it stopped), nesting at
 * most JSON_DEPTH_MAX deep; a syntax error is reported at its line:col
 * (json-syntax) and ends the input.  It reads from memory, or from an
 * input through a window that is refilled as it goes, the bytes behind
 * it dropped: a document of any size is read in bounded memory (but
 * for what its values hold). */
#ifndef BELLIS_JSONIN_H
#define BELLIS_JSONIN_H

#include <stdbool.h>
#include <stddef.h>

struct input;

#define JSON_DEPTH_MAX 64
/* Values in one record (a top-level value, or one streamed element):
 * the tree of each costs about 100 bytes. */
#define JSON_VALUES_MAX (1 << 18)
/* JSON Lines: the bytes of a failing value after its first line end are
 * kept up to this many (to go on at its second line); past that it goes
 * on after the line of the error. */
#define JSON_LINES_KEEP (1 << 20)

enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jval {
	enum jtype t;
	long line, col;
	bool b;
	bool cut;                  /* J_STR: cut at jsonin.str_max */
	char *s;                   /* J_STR: UTF-8 text; J_NUM: as written */
	size_t n;
	struct jval *v;            /* J_ARR elements, J_OBJ member values */
	char **keys;               /* J_OBJ member names */
	size_t nv, cap;
};

struct jsonin {
	/* the window: bytes s[0..n) of the input, the first at offset
	 * base of it; the next byte to read is s[i] */
	const char *s;
	size_t n, i;
	long long base;
	long line;
	long long bol;             /* offset of the line's first byte */
	struct input *in;          /* where more bytes come from, or NULL */
	char *buf;                 /* the window's memory (from in) */
	size_t cap;
	long long tok;             /* a number's first byte (kept), or -1 */
	bool eof, stop;
	/* JSON Lines (jsonin_next): every value so far on a line of its
	 * own, and this one begins a line: kept to go on after an error */
	bool jsonl, lines;
	long ntop;                 /* top-level values read */
	bool passed;               /* a line end passed in this value */
	long vline;                /* the line this value began on */
	long long mark;            /* the byte after its first line end */
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
	size_t str_max;            /* a string's bytes kept, 0: all; past
	                            * it cut at a character (jval.cut) */
	bool cut;                  /* the last string was */
	bool streamed;             /* an element of it handed to each */
};

/* A reader over n bytes of memory (kept by the caller). */
void jsonin_init(struct jsonin *j, const char *s, size_t n);
/* A reader over the text of an input (input_read_text), read in
 * pieces; jsonin_free ends it. */
void jsonin_init_input(struct jsonin *j, struct input *in);
void jsonin_free(struct jsonin *j);
/* Test hook: at most this many bytes per read from an input (0: as many
 * as the window holds). */
extern size_t jsonin_read_max;
/* The next top-level value into *v: true, or false at the end of the
 * input or after a syntax error (reported) that ends it.  JSON Lines:
 * while every value so far began a line and ended on it, a value with
 * an error loses only itself, and the next begins at the line after the
 * one it began on; so does a first value that begins a line, unless it
 * streamed elements before its error (a document, not a line). */
bool jsonin_next(struct jsonin *j, struct jval *v);
void jval_free(struct jval *v);
/* The member key of an object, or NULL. */
const struct jval *jval_get(const struct jval *o, const char *key);
/* The string of v (J_STR), or NULL. */
const char *jval_str(const struct jval *v);

#endif
