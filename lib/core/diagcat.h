/* diagcat: the catalogue of input diagnostics, mandoc-style.  Each has a
 * stable code (listed in the DIAGNOSTICS section of the manual of every
 * tool that can print it), a level, a message and the tools that print
 * it.  An entry is two lines: its message as DIAGF_ID, and its row in
 * DIAG_CATALOGUE.  Report one with DIAG(ID, line, col, args...) (core/diag.h);
 * the compiler checks the arguments against the message.
 *
 * Keep the rows grouped by the module that reports them. */
#ifndef BELLIS_DIAGCAT_H
#define BELLIS_DIAGCAT_H

/* The tools, as bits of a row's TOOLS. */
enum diag_tool {
	T_PARSE  = 1 << 0,     /* armylist-parse */
	T_CHECK  = 1 << 1,     /* armylist-check */
	T_COMBAT = 1 << 2,     /* combat-calc */
	T_MOVE   = 1 << 3,     /* move-check */
	T_CAT    = 1 << 4,     /* campaign-catastrophe */
	T_SURV   = 1 << 5,     /* campaign-survival */
	T_CARD   = 1 << 6,     /* refcard-render */
	T_NTOOLS = 7
};
/* Groups: who reads army lists, who reads line formats, everyone. */
#define T_ARMYIN (T_PARSE | T_CHECK | T_CARD)
#define T_LINES  (T_PARSE | T_COMBAT | T_MOVE | T_CAT | T_SURV)
#define T_XML    (T_PARSE | T_CHECK | T_COMBAT | T_MOVE | T_CAT | T_SURV | \
                  T_CARD)
#define T_ALL    T_XML

/* ---- core: input, tokens, XML ---------------------------------------- */
#define DIAGF_LINE_TOO_LONG "line longer than %d bytes, the rest is ignored"
#define DIAGF_LINE_NO_END "no line end within %lld bytes, the rest of the file is ignored"
#define DIAGF_INPUT_TOO_LARGE "input larger than %zu bytes"
#define DIAGF_UNTERMINATED_QUOTE "unterminated quoted string"

/* ---- army: list readers ---------------------------------------------- */
#define DIAGF_CP1252 "invalid UTF-8, read as windows-1252"
#define DIAGF_HTML_UNREADABLE "cannot read the HTML page"
#define DIAGF_BAD_DATE "unreadable date '%s' of army %s, kept as text"
#define DIAGF_BAD_AGGRESSION "unreadable aggression '%s' of army %s, left out"

/* ---- card ------------------------------------------------------------ */
#define DIAGF_CARD_OVERFLOW "%s '%s' does not fit one page: continued on a second page"

/* X(ID, LEVEL, CODE, TOOLS): LEVEL is E (error, exit status 2) or W. */
#define DIAG_CATALOGUE(X) \
	/* core */ \
	X(LINE_TOO_LONG, E, "line-too-long", T_LINES) \
	X(LINE_NO_END, E, "no-line-end", T_LINES) \
	X(INPUT_TOO_LARGE, E, "input-too-large", T_PARSE) \
	X(UNTERMINATED_QUOTE, E, "unterminated-quote", T_LINES & ~T_PARSE) \
	/* army */ \
	X(CP1252, W, "not-utf8", T_PARSE) \
	X(HTML_UNREADABLE, E, "html-unreadable", T_PARSE) \
	X(BAD_DATE, W, "bad-date", T_PARSE) \
	X(BAD_AGGRESSION, W, "bad-aggression", T_PARSE) \
	/* card */ \
	X(CARD_OVERFLOW, W, "card-overflow", T_CARD) \
	/* end */

#define DIAG_ENUM_(id, lv, code, tools) D_##id,
enum diag_id { DIAG_CATALOGUE(DIAG_ENUM_) D_N };
#undef DIAG_ENUM_

#endif
