/* input: one operand opened for reading, read by lines with line numbers,
 * with a peek at the first non-blank byte to tell XML from text. */
#ifndef BELLIS_INPUT_H
#define BELLIS_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#define INPUT_LINE_MAX (1024 * 1024)   /* longer lines are cut, with an error */

struct input {
	const char *name;   /* operand as given, "-" for stdin */
	int fd;
	char *buf;
	size_t cap, start, end;
	bool eof, failed;
	long line;          /* number of the line last returned */
	long long bytes;    /* bytes consumed by the caller so far */
};

/* Open an operand ("-" is stdin).  Reports and returns -1 on failure
 * (status 4); a directory is refused too. */
int input_open(struct input *in, const char *name);
/* An input over a copy of len bytes of memory (fuzzing, unit tests):
 * read like a file that ends there; name is for messages. */
void input_mem(struct input *in, const char *name, const void *buf,
    size_t len);
void input_close(struct input *in);
/* First byte that is not blank (nor a UTF-8 BOM), or -1 at end of file.
 * Consumes nothing. */
int input_first_byte(struct input *in);
/* True when the first kilobytes hold "<html" or "<table" (any case). */
bool input_looks_html(struct input *in);
/* Next line without its newline (and without a trailing CR).  Returns
 * false at end of file or on a read error (reported).  Lines over
 * INPUT_LINE_MAX are cut there with an error.  The line may hold NUL
 * bytes; *len tells its length.  Valid until the next call. */
bool input_getline(struct input *in, const char **line, size_t *len);
/* Raw read of the rest (for libxml2); -1 on a read error. */
long input_read(struct input *in, char *dst, size_t n);
/* Read everything left into a new buffer (capped at max bytes). */
int input_slurp(struct input *in, char **out, size_t *len, size_t max);

#endif
