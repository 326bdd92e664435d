/* input: one operand opened for reading, read by lines with line numbers,
 * with a peek at the first non-blank byte to tell XML from text.
 *
 * Text (input_getline, input_read_text) is read without a UTF-8 byte order
 * mark, and UTF-16 with a byte order mark is decoded to UTF-8 (a broken
 * unit becomes U+FFFD) when its first 2 KB characters hold a blank or a
 * line end or are all Latin-1 (else FF FE is junk, read as bytes); LF,
 * CRLF and a CR alone each end a line.  Raw
 * reads (input_read, for libxml2, which reads byte order marks and
 * UTF-16 itself) get the bytes as they are. */
#ifndef BELLIS_INPUT_H
#define BELLIS_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#define INPUT_LINE_MAX (1024 * 1024)   /* longer lines are cut, with an error */
/* A line with no end in this many bytes ends the file, with an error. */
#define INPUT_SKIP_MAX (50LL * INPUT_LINE_MAX)

struct input {
	const char *name;   /* operand as given, "-" for stdin */
	int fd;
	char *buf;
	size_t cap, start, end;
	bool eof, failed;
	bool cr;            /* the last line ended with a CR: skip an LF */
	bool stop;          /* no more lines: error limit or endless line */
	unsigned char mode; /* undecided, raw, text, UTF-16 LE or BE text */
	unsigned char npend;
	unsigned char pend[4];  /* bytes of an unfinished UTF-16 character */
	unsigned char bom;  /* the byte order mark text began with: 0 none,
	                     * 8 UTF-8, 16 UTF-16 (decoded to UTF-8) */
	/* a long run of leading blank lines, dropped by input_first_byte:
	 * its line ends, counted in the line numbers (and handed to raw
	 * reads as LFs) */
	long long skipped;
	long line;          /* number of the line last returned */
	long long bytes;    /* bytes consumed by the caller so far */
	struct input_keep *keep;    /* input_keep: the way back */
};

/* Open an operand ("-" is stdin).  Reports and returns -1 on failure
 * (status 4); a directory is refused too. */
int input_open(struct input *in, const char *name);
/* An input over a copy of len bytes of memory (fuzzing, unit tests):
 * read like a file that ends there; name is for messages. */
void input_mem(struct input *in, const char *name, const void *buf,
    size_t len);
/* An input over an open descriptor (a spooled copy of an operand), read
 * from where it stands; name is for messages; input_close closes fd. */
void input_fd(struct input *in, const char *name, int fd);
void input_close(struct input *in);
/* First byte that is not blank (nor a byte order mark), or -1 at end of
 * file; in UTF-16 input the first character (0xff when not ASCII).
 * Consumes nothing, but the blank lines of a run longer than 64 KiB are
 * dropped from memory but the last, only counted: lines read after keep
 * their numbers, and raw reads get one LF for each line dropped. */
int input_first_byte(struct input *in);
/* The first bytes of the input as they are, up to n of them (fewer at
 * the end); none for UTF-16 (its bytes are no text).  Consumes nothing;
 * valid until the next read. */
size_t input_peek(struct input *in, const unsigned char **p, size_t n);
/* True when the first kilobytes hold "<html" or "<table" (any case). */
bool input_looks_html(struct input *in);
/* Next line without its line end.  Returns false at end of file, on a
 * read error (reported).  A line longer than
 * INPUT_LINE_MAX bytes (from a file or a pipe alike) is an error and is
 * handed back empty; one with no end within INPUT_SKIP_MAX bytes ends
 * the file.  The line may hold NUL bytes; *len tells its length.  Valid
 * until the next call. */
bool input_getline(struct input *in, const char **line, size_t *len);
/* Raw read of the rest (for libxml2); -1 on a read error. */
long input_read(struct input *in, char *dst, size_t n);
/* Keep the way back to here (input_again): a regular file (or memory)
 * notes its place, any other input keeps what is read from now on, up
 * to max bytes (past them the way back is lost). */
void input_keep(struct input *in, size_t max);
/* The bytes that may still be read with the way back kept (SIZE_MAX:
 * any), 0 when it is lost or input_keep was not called. */
size_t input_keep_room(const struct input *in);
/* Back to where input_keep was called, to read the same bytes again;
 * false (nothing changed) when the way back is lost.  Either way the
 * input keeps nothing more. */
bool input_again(struct input *in);
/* Text read of the rest in pieces, as input_getline reads it (n bytes
 * at most at a time): bytes read, 0 at the end, -1 on a read error
 * (reported). */
long input_read_text(struct input *in, char *dst, size_t n);

#endif
