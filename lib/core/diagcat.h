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
	T_SCAN   = 1 << 7,     /* battle-scan */
	T_NTOOLS = 8
};
/* Groups: who reads army lists, who reads line formats, everyone. */
#define T_ARMYIN (T_PARSE | T_CHECK | T_CARD)
#define T_LINES  (T_PARSE | T_COMBAT | T_MOVE | T_CAT | T_SURV)
#define T_XML    (T_PARSE | T_CHECK | T_COMBAT | T_MOVE | T_CAT | T_SURV | \
                  T_CARD | T_SCAN)
#define T_ALL    T_XML
/* who loads a DBA rules table */
#define T_DBA    (T_CHECK | T_COMBAT | T_MOVE | T_CARD | T_SCAN)

/* ---- core: input, tokens, XML ---------------------------------------- */
#define DIAGF_LINE_TOO_LONG "line longer than %d bytes, the rest is ignored"
#define DIAGF_INPUT_TOO_LARGE "input larger than %zu bytes"
#define DIAGF_UNTERMINATED_QUOTE "unterminated quoted string"

/* ---- army: list readers ---------------------------------------------- */
#define DIAGF_CP1252 "invalid UTF-8, read as windows-1252"
#define DIAGF_HTML_UNREADABLE "cannot read the HTML page"
#define DIAGF_BAD_DATE "unreadable date '%s' of army %s, kept as text"
#define DIAGF_BAD_AGGRESSION "unreadable aggression '%s' of army %s, left out"

/* ---- campaign: records and tables ------------------------------------ */
#define DIAGF_CAMP_LINE_UTF8 "line is not valid UTF-8"
#define DIAGF_CAMP_UNKNOWN_KEYWORD "unknown keyword '%s'%s"
#define DIAGF_CAMP_AFTER_BATTLE "unexpected '%s' after the battle name"
#define DIAGF_CAMP_NO_NAME "missing name after '%s'"
#define DIAGF_CAMP_NAME_UTF8 "name is not valid UTF-8"
#define DIAGF_CAMP_UNKNOWN_FLAG "unknown flag '%s'%s"
#define DIAGF_CAMP_DUPLICATE_FLAG "duplicate flag '%s'"
#define DIAGF_CAMP_FLAG_VALUE "flag '%s' needs a value (%s=N)"
#define DIAGF_CAMP_FLAG_NO_VALUE "flag '%s' takes no value"
#define DIAGF_CAMP_NEGATIVE "negative %s '%.*s'"
#define DIAGF_CAMP_BAD_NUMBER "invalid %.*s '%s' (a whole number %ld to %ld)"
#define DIAGF_CAMP_BAD_ROLL "invalid %.*s '%.*s' (a %dd%d roll %d to %d, or three as A/B/C)"
#define DIAGF_CAMP_LUCK_ROLLS "'luck' needs three rolls (%.*s=A/B/C), not '%.*s'"
#define DIAGF_CAMP_ROLLS_NO_LUCK "three rolls '%.*s' without 'luck'"
#define DIAGF_CAMP_BAD_UNIT "invalid unit '%.*s' (NAME:TS or NAME:TS:pc)"
#define DIAGF_CAMP_NO_UNITS "empty units list"
#define DIAGF_CAMP_NO_SKILL "pc '%s' needs tactics=N or iq=N"
#define DIAGF_CAMP_NO_WEAPON "pc '%s' needs weapon=N"
#define DIAGF_CAMP_RISK_RANGE "risk '%ld' outside the limits %d to %d"
#define DIAGF_CAMP_RISK_BELOW "risk '%ld' below the limit %d of '%s'"
#define DIAGF_CAMP_RISK_ABOVE "risk '%ld' above the limit %d of '%s'"
#define DIAGF_CAMP_ROOT "root element '%s' is not '%s' (not an input document)"
#define DIAGF_CAMP_TABLE_SCHEMA "table does not match the schema %s"
#define DIAGF_CAMP_TABLE_NUMBER "bad number '%s' in attribute '%s'"
#define DIAGF_CAMP_ROW_MIN_MAX "row '%s' has min %d above max %d"
#define DIAGF_CAMP_ROW_OUTSIDE "row '%s' goes beyond the rolls %d to %d"
#define DIAGF_CAMP_ROLL_TWICE "roll %d is in two rows ('%s' and '%s')"
#define DIAGF_CAMP_ROLL_NO_ROW "roll %d is in no row"
#define DIAGF_CAMP_TOO_MANY_ROWS "more than %d %s rows"
#define DIAGF_CAMP_BAND_COLUMN "damage row for TL %d-%d lacks a column"

/* ---- dba: rules tables ------------------------------------------------ */
#define DIAGF_RULES_INCOMPLETE "troop type '%s' has no row in the %s table (troop set %s)"
#define DIAGF_RULES_NO_TROOP_SET "no troop type has the troop set '%s' (troops.xml editions; set troops=)"

/* ---- card ------------------------------------------------------------ */
#define DIAGF_CARD_OVERFLOW "%s '%s' does not fit one page: continued on a second page"

/* ---- battle: the battlefield and the plan ----------------------------- */
#define DIAGF_BF_MISSING "missing attribute '%s' on '%s'"
#define DIAGF_BF_BAD_VALUE "invalid %s '%s' on '%s'"
#define DIAGF_BF_SIDES "more than %d sides"
#define DIAGF_BF_DUP_SIDE "duplicate side '%s' (first at line %ld)"
#define DIAGF_BF_UNKNOWN_TROOP "unknown troop type '%s'%s"
#define DIAGF_BF_NO_RULES "troop type '%s' has no %s rules data"
#define DIAGF_BF_BAD_SIZE "element '%s' has no area (width and depth must be positive)"
#define DIAGF_BF_ROOT "unexpected root element '%s' (expected 'battlefield')"
#define DIAGF_BF_EMPTY "no XML root element"
#define DIAGF_BF_INVALID "not a valid battlefield document"
#define DIAGF_BF_DUP_ID "duplicate id '%s' (first at line %ld)"
#define DIAGF_BF_SELF_CROSS "%s polygon crosses itself (edges %zu and %zu)"
#define DIAGF_BF_CAMP_SIDE "camp of unknown side '%s'"
#define DIAGF_BF_OFF_TABLE "element '%s' is off the table"
#define DIAGF_BF_TWO_GENERALS "side '%s' has a second general '%s' (first '%s')"
#define DIAGF_BF_GENERAL_LOST "side '%s' has lost its general but '%s' is marked general"
#define DIAGF_BF_INTERSECT "element '%s' intersects '%s' (line %ld)"
#define DIAGF_BF_NO_GENERAL "side '%s' has no general: no command distances"
#define DIAGF_PLAN_UTF8 "invalid UTF-8 or NUL byte in the line"
#define DIAGF_PLAN_SYNTAX "expected 'move ID[,ID...] STEP...', not '%s'"
#define DIAGF_PLAN_UNKNOWN_ID "unknown element '%.*s'%s"
#define DIAGF_PLAN_STEP "unknown step '%s' (fwd, back, side, wheel, turn, to)"
#define DIAGF_PLAN_VALUE "invalid value '%s' for '%s'"
#define DIAGF_PLAN_NO_STEPS "move without steps"
#define DIAGF_PLAN_GROUP_SIZE "a group of more than %d elements"
#define DIAGF_PLAN_APART "group member '%s' touches no other member"
#define DIAGF_PLAN_TWICE "element '%s' moves twice in the bound (first at line %ld)"
#define DIAGF_PLAN_MIXED "element '%s' is not of side '%s' as '%s' is"

/* X(ID, LEVEL, CODE, TOOLS): LEVEL is E (error, exit status 2) or W. */
#define DIAG_CATALOGUE(X) \
	/* core */ \
	X(LINE_TOO_LONG, E, "line-too-long", T_LINES | T_SCAN) \
	X(INPUT_TOO_LARGE, E, "input-too-large", T_PARSE) \
	X(UNTERMINATED_QUOTE, E, "unterminated-quote", \
	    (T_LINES & ~T_PARSE) | T_SCAN) \
	/* army */ \
	X(CP1252, W, "not-utf8", T_PARSE) \
	X(HTML_UNREADABLE, E, "html-unreadable", T_PARSE) \
	X(BAD_DATE, W, "bad-date", T_PARSE) \
	X(BAD_AGGRESSION, W, "bad-aggression", T_PARSE) \
	/* campaign */ \
	X(CAMP_LINE_UTF8, E, "line-not-utf8", T_CAT | T_SURV) \
	X(CAMP_UNKNOWN_KEYWORD, E, "unknown-keyword", T_CAT | T_SURV) \
	X(CAMP_AFTER_BATTLE, E, "after-battle-name", T_CAT) \
	X(CAMP_NO_NAME, E, "missing-name", T_CAT | T_SURV) \
	X(CAMP_NAME_UTF8, E, "name-not-utf8", T_CAT | T_SURV) \
	X(CAMP_UNKNOWN_FLAG, E, "unknown-flag", T_CAT | T_SURV) \
	X(CAMP_DUPLICATE_FLAG, E, "duplicate-flag", T_CAT | T_SURV) \
	X(CAMP_FLAG_VALUE, E, "flag-needs-value", T_CAT | T_SURV) \
	X(CAMP_FLAG_NO_VALUE, E, "flag-takes-no-value", T_CAT | T_SURV) \
	X(CAMP_NEGATIVE, E, "negative-count", T_CAT) \
	X(CAMP_BAD_NUMBER, E, "bad-number", T_CAT | T_SURV) \
	X(CAMP_BAD_ROLL, E, "bad-roll", T_CAT | T_SURV) \
	X(CAMP_LUCK_ROLLS, E, "luck-needs-three-rolls", T_CAT | T_SURV) \
	X(CAMP_ROLLS_NO_LUCK, E, "rolls-without-luck", T_CAT | T_SURV) \
	X(CAMP_BAD_UNIT, E, "bad-unit", T_CAT) \
	X(CAMP_NO_UNITS, E, "empty-units", T_CAT) \
	X(CAMP_NO_SKILL, E, "missing-tactics", T_SURV) \
	X(CAMP_NO_WEAPON, E, "missing-weapon", T_SURV) \
	X(CAMP_RISK_RANGE, E, "risk-out-of-range", T_SURV) \
	X(CAMP_RISK_BELOW, E, "risk-below-limit", T_SURV) \
	X(CAMP_RISK_ABOVE, E, "risk-above-limit", T_SURV) \
	X(CAMP_ROOT, E, "wrong-root", T_CAT | T_SURV) \
	X(CAMP_TABLE_SCHEMA, E, "table-schema", T_CAT | T_SURV) \
	X(CAMP_TABLE_NUMBER, E, "table-bad-number", T_CAT | T_SURV) \
	X(CAMP_ROW_MIN_MAX, E, "table-row-reversed", T_CAT) \
	X(CAMP_ROW_OUTSIDE, E, "table-row-outside", T_CAT) \
	X(CAMP_ROLL_TWICE, E, "table-roll-twice", T_CAT) \
	X(CAMP_ROLL_NO_ROW, E, "table-roll-missing", T_CAT) \
	X(CAMP_TOO_MANY_ROWS, E, "table-too-many-rows", T_SURV) \
	X(CAMP_BAND_COLUMN, E, "table-missing-column", T_SURV) \
	/* dba: rules tables */ \
	X(RULES_INCOMPLETE, E, "rules-incomplete", T_DBA) \
	X(RULES_NO_TROOP_SET, E, "rules-no-troop-set", T_DBA) \
	/* card */ \
	X(CARD_OVERFLOW, W, "card-overflow", T_CARD) \
	/* battle */ \
	X(BF_MISSING, E, "bf-missing-attribute", T_SCAN) \
	X(BF_BAD_VALUE, E, "bf-bad-value", T_SCAN) \
	X(BF_SIDES, E, "bf-too-many-sides", T_SCAN) \
	X(BF_DUP_SIDE, E, "bf-duplicate-side", T_SCAN) \
	X(BF_UNKNOWN_TROOP, E, "bf-unknown-troop", T_SCAN) \
	X(BF_NO_RULES, E, "bf-troop-not-in-rules", T_SCAN) \
	X(BF_BAD_SIZE, E, "bf-no-area", T_SCAN) \
	X(BF_ROOT, E, "bf-not-battlefield", T_SCAN) \
	X(BF_EMPTY, E, "bf-no-root", T_SCAN) \
	X(BF_INVALID, E, "bf-invalid-battlefield", T_SCAN) \
	X(BF_DUP_ID, E, "bf-duplicate-id", T_SCAN) \
	X(BF_SELF_CROSS, E, "bf-self-crossing", T_SCAN) \
	X(BF_CAMP_SIDE, E, "bf-camp-side", T_SCAN) \
	X(BF_OFF_TABLE, E, "bf-off-table", T_SCAN) \
	X(BF_TWO_GENERALS, E, "bf-two-generals", T_SCAN) \
	X(BF_GENERAL_LOST, E, "bf-general-lost", T_SCAN) \
	X(BF_INTERSECT, E, "bf-bases-intersect", T_SCAN) \
	X(BF_NO_GENERAL, W, "bf-no-general", T_SCAN) \
	X(PLAN_UTF8, E, "plan-not-utf8", T_SCAN) \
	X(PLAN_SYNTAX, E, "plan-syntax", T_SCAN) \
	X(PLAN_UNKNOWN_ID, E, "plan-unknown-element", T_SCAN) \
	X(PLAN_STEP, E, "plan-unknown-step", T_SCAN) \
	X(PLAN_VALUE, E, "plan-bad-step-value", T_SCAN) \
	X(PLAN_NO_STEPS, E, "plan-no-steps", T_SCAN) \
	X(PLAN_GROUP_SIZE, E, "plan-group-too-large", T_SCAN) \
	X(PLAN_APART, E, "plan-group-apart", T_SCAN) \
	X(PLAN_TWICE, E, "plan-moves-twice", T_SCAN) \
	X(PLAN_MIXED, E, "plan-mixed-sides", T_SCAN) \
	/* end */

#define DIAG_ENUM_(id, lv, code, tools) D_##id,
enum diag_id { DIAG_CATALOGUE(DIAG_ENUM_) D_N };
#undef DIAG_ENUM_

#endif
