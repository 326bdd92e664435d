/* diagcat: the catalogue of input diagnostics, mandoc-style.  Each has a
 * stable code (listed in the DIAGNOSTICS section of the manual of every
 * tool that can print it), a level, a message and the tools that print
 * it.  An entry is two lines: its message as DIAGF_ID, and its row in
 * DIAG_CATALOGUE.  Report one with DIAG(ID, line, col, args...) (core/diag.h);
 * the compiler checks the arguments against the message.  A message's
 * variants (a suggestion, a hint, a quoted value) are one "%s" tail, so
 * that one code covers them: diag_suggest(), diag_tail().  One text is
 * one entry, shared by every module that prints it.
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
	T_SELECT = 1 << 8,     /* armylist-select */
	T_NTOOLS = 9
};
/* Groups: who reads army lists (combat-calc for --matchup), who reads every list carrier (sheets,
 * list text: armyin's readers), who reads line formats, everyone. */
#define T_ARMYIN (T_PARSE | T_CHECK | T_CARD | T_SELECT | T_COMBAT)
#define T_SHEETS (T_PARSE | T_SELECT | T_CHECK)
#define T_LINES  (T_SHEETS | T_COMBAT | T_MOVE | T_CAT | T_SURV)
#define T_XML    (T_PARSE | T_CHECK | T_COMBAT | T_MOVE | T_CAT | T_SURV | \
                  T_CARD | T_SCAN | T_SELECT)
#define T_ALL    T_XML
/* Who takes --rules (rules/rules), who reads combat or move input, whose
 * lines carry flags. */
#define T_RULES  (T_PARSE | T_CHECK | T_COMBAT | T_MOVE | T_CARD | T_SCAN)
#define T_DBA    (T_COMBAT | T_MOVE)
#define T_FLAGS  (T_COMBAT | T_MOVE | T_CAT | T_SURV)

/* ---- core: input, tokens, XML ---------------------------------------- */
#define DIAGF_LINE_TOO_LONG "line longer than %d bytes, the rest is ignored"
#define DIAGF_LINE_NO_END "no line end within %lld bytes, the rest of the file is ignored"
#define DIAGF_INPUT_TOO_LARGE "input larger than %zu bytes"
#define DIAGF_UNTERMINATED_QUOTE "unterminated quoted string"
#define DIAGF_JSON_SYNTAX "invalid JSON: %s"
#define DIAGF_XML_TOO_MANY_ATTRS "element with more than %d attributes, the rest of the input is not read"

/* ---- xml: libxml2 and our rules on XML input ------------------------ */
#define DIAGF_XML "%s"
#define DIAGF_XML_WARNING "%s"
#define DIAGF_EXTERNAL_ENTITY "external entity refused '%s'"
#define DIAGF_DOCTYPE "DOCTYPE not allowed%s"
#define DIAGF_XML_READER "cannot start the XML reader"
#define DIAGF_XML_UNPARSABLE "cannot parse the XML %s"
#define DIAGF_UNKNOWN_ATTRIBUTE "unknown attribute '%s' on '%s'%s"
#define DIAGF_MISSING_ATTRIBUTE "missing attribute '%s' on '%s'"
#define DIAGF_UNEXPECTED_ROOT "unexpected root element '%s' (expected '%s')"
#define DIAGF_UNEXPECTED_ELEMENT "unexpected element '%s' (expected '%s')"

/* ---- shared: keywords, flags and values of the line formats ---------- */
#define DIAGF_UNKNOWN_KEYWORD "unknown keyword '%s'%s"
#define DIAGF_UNKNOWN_FLAG "unknown flag '%s'%s"
#define DIAGF_DUPLICATE_FLAG "duplicate flag '%s'"
#define DIAGF_FLAG_VALUE "flag '%s' needs a value (%s=%s)"
#define DIAGF_FLAG_NO_VALUE "flag '%s' takes no value%s"
#define DIAGF_BAD_VALUE "invalid value '%.*s' for '%s' (%s)"
#define DIAGF_BAD_RANGE "invalid %s '%s' (%ld-%ld)"
#define DIAGF_UNKNOWN_TROOP "unknown troop type '%.*s'%s"
#define DIAGF_EDITION_HINT "troop types not in %s but in other editions: %s; choose one with --rules=%s or BELLIS_RULES=%s"

/* ---- dba: rules, combat and move input -------------------------------- */
#define DIAGF_RULES_SCHEMA "not a valid rules table"
#define DIAGF_RULES_TROOP "unknown troop code '%s'"
#define DIAGF_RULES_MISSING_NUMBER "missing number '%s'"
#define DIAGF_RULES_BAD_NUMBER "invalid number '%s'"
#define DIAGF_RULES_COUNT "count range not min <= default <= max for '%s'"
#define DIAGF_RULES_RIVER "invalid river roll '%s'"
#define DIAGF_RULES_RIVER_DIE "river-rolls above the sides of the die '%d'"
#define DIAGF_LINE_BYTES "invalid UTF-8 or NUL byte in the line"
#define DIAGF_UNEXPECTED "unexpected '%s'"
#define DIAGF_MISSING_TROOP_BEFORE "missing troop type before '%s'"
#define DIAGF_MISSING_TROOP_AFTER "missing troop type after '%s'"
#define DIAGF_COMBAT_NO_FACTORS "troop type '%s' has no %s combat factors%s"
#define DIAGF_MISSING_VS "missing 'vs' or 'shoots'%s"
#define DIAGF_MISSING_DIE "missing die after 'dice' (two dice, 1-%d)"
#define DIAGF_BAD_DIE "invalid die '%.*s' (1-%d)"
#define DIAGF_BAD_DICE "invalid dice '%s' (two dice, 1-%d)"
#define DIAGF_BAD_KIND "invalid kind '%s' (close, shooting)"
#define DIAGF_TWO_SIDES "a combat needs two sides, not %d"
#define DIAGF_FLAG_ON_SHOOTER "flag '%s' on the shooter (it belongs to the target)"
#define DIAGF_FLAG_IN_SHOOTING "flag '%s' not allowed in shooting"
#define DIAGF_SHOOTERS_IN_CLOSE "flag 'shooters' not allowed in close combat"
#define DIAGF_SUPPORT_PSILOI "'support' with 'psiloi' (only one element stands behind)"
#define DIAGF_NO_REAR_SUPPORT "%s get no rear support"
#define DIAGF_NO_PSILOI_SUPPORT "%s get no psiloi support"
#define DIAGF_NO_SIDE_SUPPORT "%s get no side support in %s"
#define DIAGF_NO_ROUGH_GOING "%s has no rough going (only good and difficult)"
#define DIAGF_ROUGH_AND_BAD "'rough' with 'bad' (one going at a time)"
#define DIAGF_OVERLAPS "overlaps and flank contacts above %d"
#define DIAGF_FLAG_ON_CAMP "flag '%s' on a camp defender (a camp has no flanks)"
#define DIAGF_CAMP_ATTACKS_CAMP "'camp' with 'attacks-camp' on one side"
#define DIAGF_NO_RIVERBANK "flag '%s' without 'riverbank'"
#define DIAGF_CANNOT_SHOOT "'%s' cannot shoot (only %s)"
#define DIAGF_TWO_CAMPS "both sides defend a camp"
#define DIAGF_ATTACKERS_NO_ASSAULT "'attackers' without 'camp' or 'bua'%s"
#define DIAGF_MATCHUP_NO_ARMY "army '%s' not in the collection%s"
#define DIAGF_MATCHUP_MIXED_RULES "army '%s' is of %s, army '%s' of %s: choose the edition of the matchup with --rules (e.g. --rules=%s)"
#define DIAGF_MATCHUP_ARMY_TWICE "army '%s' twice in the collection (first at %s:%ld), the first is used; name one as '%s@YEAR' or '%s#2'"
#define DIAGF_MOVE_NO_DISTANCES "troop type '%s' has no %s move distances%s"
#define DIAGF_MOVE_NO_ROUGH "%s has no rough going (only good and difficult)"
#define DIAGF_GROUP_NO_TROOP "missing troop type in the group"
#define DIAGF_GROUP_TOO_LARGE "a group of more than %d elements"
#define DIAGF_UNEXPECTED_QUOTED "unexpected quoted string '%s'"
#define DIAGF_GROUP_ONLY "flag '%s' on a single element (groups only)"
#define DIAGF_BREAKOFF_GROUP "flag 'breakoff' on a group (single elements only)"
#define DIAGF_WHEEL_NO_DEG "'frontage=wheel' without 'wheel=DEG'"
#define DIAGF_FACE_NO_FLANK "'face' without 'flank-contact'"
#define DIAGF_RIVER_ROAD "'river' with 'road' (a road crosses at a ford or bridge)"
#define DIAGF_MISSING_PIP_DIE "missing PIP die after 'bound' (1-%d)"
#define DIAGF_MISSING_DISTANCE "missing distance after the troops"
#define DIAGF_BAD_DISTANCE "invalid distance '%s' (%s, or with p, mm, cm, in, bw)"
#define DIAGF_MOVE_OUTSIDE_BOUND "element 'move' after a 'bound' but outside it"

/* ---- army: list readers ---------------------------------------------- */
#define DIAGF_CP1252 "invalid UTF-8, read as windows-1252"
#define DIAGF_HTML_UNREADABLE "cannot read the HTML page"
#define DIAGF_HTML_HELD "more than %ld MiB of the page without an end of text or tag, the rest of the page is not read"
#define DIAGF_BAD_DATE "unreadable date '%s' of army %s, kept as text"
#define DIAGF_BAD_AGGRESSION "unreadable aggression '%s' of army %s, left out"
#define DIAGF_NO_DATES "no dates for army %s"
#define DIAGF_NO_ELEMENTS "army %s has no elements"
#define DIAGF_UNKNOWN_LANGUAGE "unknown language '%.*s'"
#define DIAGF_BAD_COUNT "bad element count '%s'"
#define DIAGF_EXPECTED_TROOP "expected a troop name at '%s'"
#define DIAGF_EXPECTED_TROOP_AFTER "expected a troop name after '%s'"
#define DIAGF_AFTER_TROOP "unexpected '%s' after a troop name"
#define DIAGF_MISSING_TROOP_COUNT "missing troop after the count '%s'"
#define DIAGF_EXPECTED_COUNT "expected a count ('1x') at '%s'"
#define DIAGF_UNCLOSED_PAREN "unclosed '(' at '%s'"
#define DIAGF_UNMATCHED_PAREN "unmatched ')' at '%s'"
#define DIAGF_NESTED_TOO_DEEP "packages nested too deeply at '%s'"
#define DIAGF_MISSING_COMMA "missing ',' before '%s'"
#define DIAGF_EXPECTED_COMMA "expected ',' before '%s'%s"
#define DIAGF_EMPTY_PACKAGE "empty package '%s' is left out"
#define DIAGF_REF_STOP "'.' after '%s' read as ',' between army references"
#define DIAGF_NOT_A_REFERENCE "'%s' is no army reference, left out"
#define DIAGF_OR_GLUED "'%s' read as '%.*s or' (a blank missing)"
#define DIAGF_GENERAL_SPLIT "general marked on %ld elements '%s': read as one general element and %ld more"
#define DIAGF_NO_ROOT "no XML root element"
#define DIAGF_ARMYLIST_SCHEMA "not a valid armylist document"
#define DIAGF_EMPTY_INPUT "empty input, expected army lists"
#define DIAGF_NOT_ARMYLIST "not armylist XML (%s)"
#define DIAGF_ARMYLIST_UNKNOWN_RULES "collection labelled rules='%s', not a rules edition (%sor give --rules=FILE)"
#define DIAGF_ARMY_TOO_MANY_ELEMENTS "more than %d elements in one army, the rest is ignored"
#define DIAGF_ARMY_TOO_MANY_REFS "more than %d %s in one army, the rest is ignored"
#define DIAGF_SELECT_TOO_MANY_FOES "more than %d enemies of the armies of --enemy-of, the rest is ignored"
/* a check column of a slot sheet against its general cell */
#define DIAGF_SHEET_CHECK_COLUMN "check column '%s' says %.*s, but the general cell '%.*s' %s"
#define DIAGF_SHEET_FIELD_TOO_LONG "army '%s' continues beyond %d bytes in one field, the rest is ignored"
#define DIAGF_NO_ARMIES "no army read: %s"
#define DIAGF_BAD_REFERENCE "bad army reference '%s' (expected a number such as '61' or a reference such as 'I/2a'), the record is not read"
#define DIAGF_LINE_NOT_READ "line not read: %s"
#define DIAGF_ROW_NOT_READ "row not read: %s"
#define DIAGF_JSON_ARMY "JSON army: %s"
#define DIAGF_COUNTLESS "'%s' has no count: read as %ld elements of %s; write '1x%s' for one element of that many figures"
#define DIAGF_ERA_INFERRED "dates '%s' of army %s have no era: read as BC (Book I is wholly BC)"
#define DIAGF_NOT_A_LIST "record %s (lines %ld-%ld) is no army list (%s): not read"
/* a greeting, sign-off or signature of an e-mail around the lists */
#define DIAGF_MAIL_TEXT "e-mail text not read: '%s'%s"
/* the text of an HTML page around its lists (menus, footers) */
#define DIAGF_PAGE_TEXT "%ld line%s of the page's text in no army record, passed over (%s %s)"
#define DIAGF_SELECT_NO_ID "no army has the id '%s'%s"
#define DIAGF_SELECT_BAD_QUALIFIER "'%s': a qualifier is a year (@700BC) or an ordinal (#2), read as '%s'"
#define DIAGF_ARABIC_BOOK "reference '%s' read as '%s' (the book in Roman numerals)"
#define DIAGF_CSV_UNTERMINATED_QUOTE "unterminated quoted field, closed at the end of its line"
#define DIAGF_HTML_TOO_MANY_ATTRS "element with more than %d attributes, its row is not read"
#define DIAGF_HTML_CHARSET_BYTES "bytes not valid in the page's charset %s, read as U+FFFD"
#define DIAGF_HTML_CHARSET_UNKNOWN "unknown charset '%s' declared, read as a page that declares none"

/* ---- campaign: records and tables ------------------------------------ */
#define DIAGF_CAMP_LINE_UTF8 "line is not valid UTF-8"
#define DIAGF_CAMP_AFTER_BATTLE "unexpected '%s' after the battle name"
#define DIAGF_CAMP_NO_NAME "missing name after '%s'"
#define DIAGF_CAMP_NAME_UTF8 "name is not valid UTF-8"
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
#define DIAGF_CAMP_GLORY_NEVER "row '%s' never matches: the rows above it take every roll it covers, or it covers none%s"
#define DIAGF_CAMP_BAND_COLUMN "damage row for TL %d-%d lacks a column"
#define DIAGF_CAMP_BATTLE_ROOT "root element '%s' is not 'catastrophes' (not campaign-catastrophe's XML output)"
#define DIAGF_CAMP_BATTLE_TEXT "not XML (not campaign-catastrophe's XML output)"
#define DIAGF_CAMP_BATTLE_EMPTY "empty input, expected campaign-catastrophe's XML output"
#define DIAGF_CAMP_BATTLE_SCHEMA "battle does not match the schema %s"
#define DIAGF_CAMP_SIDE_SHAPE "side '%s' %s"
#define DIAGF_CAMP_PC_SIDE "pc '%s': no side '%s' in the battle"
#define DIAGF_CAMP_PC_UNIT "pc '%s': side '%s' has no unit '%s' in the battle"
#define DIAGF_CAMP_UNIT_NO_SIDE "pc '%s': unit '%s' needs side=NAME"
#define DIAGF_CAMP_GIVEN_UNIT "effect %s '%s' is not a unit of the side"
#define DIAGF_CAMP_SAME_DICE "%s '%s'%s has the key of an earlier one: it rolls the same dice"

/* ---- dba: move-check bounds ------------------------------------------ */
#define DIAGF_MOVE_GENERAL_LOST "'general' in a bound with 'general-lost' (line %ld)"

/* ---- dba: rules tables ------------------------------------------------ */
#define DIAGF_RULES_EQUAL "equal-total outcome other than none (not supported) for '%s'"
#define DIAGF_RULES_INCOMPLETE "troop type '%s' has no row in the %s table (troop set %s)"
#define DIAGF_RULES_NO_TROOP_SET "no troop type has the troop set '%s' (troops.xml editions; set troops=)"

/* ---- card ------------------------------------------------------------ */
#define DIAGF_CARD_INCOMPLETE "army %s: its list is incomplete (%s:%ld), the card is marked"
#define DIAGF_CARD_NO_LIST "army %s: no troop type of its list could be read (%s:%ld), no card"
#define DIAGF_CARD_OVERFLOW "%s '%s' does not fit one page: continued on a second page"

/* ---- dba: bounds ------------------------------------------------------ */
#define DIAGF_BOUND_TOO_LONG "more than %d moves in one bound, the rest of it is skipped"

/* ---- battle: the battlefield and the plan ----------------------------- */
#define DIAGF_BF_MISSING "missing attribute '%s' on '%s'"
#define DIAGF_BF_BAD_VALUE "invalid %s '%s' on '%s'"
#define DIAGF_BF_SIDES "more than %d sides"
#define DIAGF_BF_DUP_SIDE "duplicate side '%s' (first at line %ld)"
#define DIAGF_BF_UNKNOWN_TROOP "unknown troop type '%s'%s"
#define DIAGF_BF_NO_RULES "troop type '%s' has no %s rules data"
#define DIAGF_BF_UNKNOWN_RULES "battlefield labelled rules='%s', not a rules edition (%sor give --rules=FILE)"
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
#define DIAGF_BF_TOO_MANY "more than %d %s on the table, the rest is ignored"
#define DIAGF_BF_EMPTY_INPUT "empty input, expected a battlefield"
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
#define DIAGF_PLAN_TOO_LONG "more than %d moves in the plan, the rest of it is skipped"

/* X(ID, LEVEL, CODE, TOOLS): LEVEL is E (error, exit status 2) or W. */
#define DIAG_CATALOGUE(X) \
	/* core */ \
	X(LINE_TOO_LONG, E, "line-too-long", T_LINES | T_SCAN) \
	X(LINE_NO_END, E, "no-line-end", T_LINES | T_SCAN) \
	X(INPUT_TOO_LARGE, E, "input-too-large", T_SHEETS) \
	X(UNTERMINATED_QUOTE, E, "unterminated-quote", \
	    (T_LINES & ~T_SHEETS) | T_SCAN) \
	X(JSON_SYNTAX, E, "json-syntax", T_SHEETS) \
	/* xml */ \
	X(XML, E, "xml", T_ALL) \
	X(XML_WARNING, W, "xml-warning", T_ALL) \
	X(EXTERNAL_ENTITY, E, "external-entity", T_ALL) \
	X(DOCTYPE, E, "doctype", T_ALL) \
	X(XML_READER, E, "xml-reader", T_ALL) \
	X(XML_UNPARSABLE, E, "xml-unparsable", T_ALL & ~T_SHEETS) \
	X(UNKNOWN_ATTRIBUTE, E, "unknown-attribute", T_DBA) \
	X(MISSING_ATTRIBUTE, E, "missing-attribute", T_DBA) \
	X(UNEXPECTED_ROOT, E, "unexpected-root", T_DBA) \
	X(UNEXPECTED_ELEMENT, E, "unexpected-element", T_DBA) \
	/* shared */ \
	X(UNKNOWN_KEYWORD, E, "unknown-keyword", T_SHEETS | T_MOVE | T_CAT | \
	    T_SURV) \
	X(UNKNOWN_FLAG, E, "unknown-flag", T_FLAGS) \
	X(DUPLICATE_FLAG, E, "duplicate-flag", T_FLAGS) \
	X(FLAG_VALUE, E, "flag-needs-value", T_FLAGS) \
	X(FLAG_NO_VALUE, E, "flag-takes-no-value", T_FLAGS) \
	X(BAD_VALUE, E, "bad-value", T_DBA | T_ARMYIN) \
	X(BAD_RANGE, E, "bad-range-value", T_MOVE) \
	X(UNKNOWN_TROOP, E, "unknown-troop", T_DBA | T_SHEETS) \
	X(EDITION_HINT, W, "edition-hint", T_PARSE | T_CHECK) \
	/* dba */ \
	X(RULES_SCHEMA, E, "rules-schema", T_RULES) \
	X(RULES_TROOP, E, "rules-unknown-troop", T_RULES) \
	X(RULES_MISSING_NUMBER, E, "rules-missing-number", T_RULES) \
	X(RULES_BAD_NUMBER, E, "rules-bad-number", T_RULES) \
	X(RULES_COUNT, E, "rules-count-range", T_RULES) \
	X(RULES_RIVER, E, "rules-bad-river-roll", T_RULES) \
	X(RULES_RIVER_DIE, E, "rules-river-roll-above-die", T_RULES) \
	X(LINE_BYTES, E, "bad-bytes", T_DBA) \
	X(UNEXPECTED, E, "unexpected-word", T_DBA) \
	X(MISSING_TROOP_BEFORE, E, "missing-troop-before", T_DBA) \
	X(MISSING_TROOP_AFTER, E, "missing-troop-after", T_DBA) \
	X(COMBAT_NO_FACTORS, E, "no-combat-factors", T_COMBAT) \
	X(MISSING_VS, E, "missing-vs", T_COMBAT) \
	X(MISSING_DIE, E, "missing-die", T_COMBAT) \
	X(BAD_DIE, E, "bad-die", T_COMBAT) \
	X(BAD_DICE, E, "bad-dice", T_COMBAT) \
	X(BAD_KIND, E, "bad-kind", T_COMBAT) \
	X(TWO_SIDES, E, "not-two-sides", T_COMBAT) \
	X(FLAG_ON_SHOOTER, E, "flag-on-shooter", T_COMBAT) \
	X(FLAG_IN_SHOOTING, E, "flag-in-shooting", T_COMBAT) \
	X(SHOOTERS_IN_CLOSE, E, "shooters-in-close-combat", T_COMBAT) \
	X(SUPPORT_PSILOI, E, "support-with-psiloi", T_COMBAT) \
	X(NO_REAR_SUPPORT, E, "no-rear-support", T_COMBAT) \
	X(NO_PSILOI_SUPPORT, E, "no-psiloi-support", T_COMBAT) \
	X(NO_SIDE_SUPPORT, E, "no-side-support", T_COMBAT) \
	X(NO_ROUGH_GOING, E, "no-rough-going", T_COMBAT) \
	X(ROUGH_AND_BAD, E, "rough-and-bad", T_COMBAT) \
	X(OVERLAPS, E, "too-many-overlaps", T_COMBAT) \
	X(FLAG_ON_CAMP, E, "flag-on-camp", T_COMBAT) \
	X(CAMP_ATTACKS_CAMP, E, "camp-attacks-camp", T_COMBAT) \
	X(NO_RIVERBANK, E, "without-riverbank", T_COMBAT) \
	X(CANNOT_SHOOT, E, "cannot-shoot", T_COMBAT) \
	X(TWO_CAMPS, E, "two-camps", T_COMBAT) \
	X(MATCHUP_NO_ARMY, E, "matchup-no-army", T_COMBAT | T_CARD) \
	X(MATCHUP_MIXED_RULES, E, "matchup-mixed-rules", T_COMBAT | T_CARD) \
	X(MATCHUP_ARMY_TWICE, W, "matchup-army-twice", T_COMBAT | T_CARD) \
	X(ATTACKERS_NO_ASSAULT, E, "attackers-without-assault", T_COMBAT) \
	X(MOVE_NO_DISTANCES, E, "no-move-distances", T_MOVE) \
	X(MOVE_NO_ROUGH, E, "move-no-rough-going", T_MOVE) \
	X(GROUP_NO_TROOP, E, "group-missing-troop", T_MOVE) \
	X(GROUP_TOO_LARGE, E, "group-too-large", T_MOVE) \
	X(UNEXPECTED_QUOTED, E, "unexpected-quoted", T_MOVE) \
	X(GROUP_ONLY, E, "group-only-flag", T_MOVE) \
	X(BREAKOFF_GROUP, E, "breakoff-on-group", T_MOVE) \
	X(WHEEL_NO_DEG, E, "wheel-without-degrees", T_MOVE) \
	X(FACE_NO_FLANK, E, "face-without-flank-contact", T_MOVE) \
	X(RIVER_ROAD, E, "river-with-road", T_MOVE) \
	X(MISSING_PIP_DIE, E, "missing-pip-die", T_MOVE) \
	X(MISSING_DISTANCE, E, "missing-distance", T_MOVE) \
	X(BAD_DISTANCE, E, "bad-distance", T_MOVE) \
	X(MOVE_OUTSIDE_BOUND, E, "move-outside-bound", T_MOVE) \
	X(XML_TOO_MANY_ATTRS, E, "xml-too-many-attributes", T_XML) \
	/* army */ \
	X(CP1252, W, "not-utf8", T_SHEETS) \
	X(HTML_UNREADABLE, E, "html-unreadable", T_SHEETS) \
	X(HTML_HELD, E, "html-held", T_SHEETS) \
	X(BAD_DATE, W, "bad-date", T_SHEETS) \
	X(BAD_AGGRESSION, W, "bad-aggression", T_SHEETS) \
	X(NO_DATES, W, "no-dates", T_SHEETS) \
	X(NO_ELEMENTS, E, "no-elements", T_SHEETS) \
	X(UNKNOWN_LANGUAGE, W, "unknown-language", T_SHEETS) \
	X(BAD_COUNT, E, "bad-count", T_SHEETS) \
	X(EXPECTED_TROOP, E, "expected-troop", T_SHEETS) \
	X(EXPECTED_TROOP_AFTER, E, "expected-troop-after", T_SHEETS) \
	X(AFTER_TROOP, E, "after-troop-name", T_SHEETS) \
	X(MISSING_TROOP_COUNT, E, "missing-troop-after-count", T_SHEETS) \
	X(EXPECTED_COUNT, E, "expected-count", T_SHEETS) \
	X(UNCLOSED_PAREN, E, "unclosed-paren", T_SHEETS) \
	X(UNMATCHED_PAREN, E, "unmatched-paren", T_SHEETS) \
	X(NESTED_TOO_DEEP, E, "nested-too-deep", T_SHEETS) \
	X(MISSING_COMMA, E, "missing-comma", T_SHEETS) \
	X(EXPECTED_COMMA, E, "expected-comma", T_SHEETS) \
	X(EMPTY_PACKAGE, E, "empty-package", T_SHEETS) \
	X(GENERAL_SPLIT, W, "general-split", T_SHEETS) \
	X(OR_GLUED, W, "or-glued", T_SHEETS) \
	X(REF_STOP, W, "reference-stop", T_SHEETS) \
	X(NOT_A_REFERENCE, W, "not-a-reference", T_SHEETS) \
	X(NO_ROOT, E, "no-root", T_ARMYIN) \
	X(ARMYLIST_SCHEMA, E, "armylist-schema", T_ARMYIN) \
	X(EMPTY_INPUT, E, "empty-input", T_CHECK | T_COMBAT) \
	X(NOT_ARMYLIST, E, "not-armylist", T_CHECK | T_CARD | T_COMBAT) \
	X(ARMYLIST_UNKNOWN_RULES, E, "armylist-unknown-rules", T_CHECK | T_COMBAT | T_CARD) \
	X(ARMY_TOO_MANY_ELEMENTS, E, "army-too-many-elements", T_ARMYIN) \
	X(ARMY_TOO_MANY_REFS, E, "army-too-many-refs", T_ARMYIN) \
	X(SELECT_TOO_MANY_FOES, E, "select-too-many-enemies", T_SELECT) \
	X(SHEET_FIELD_TOO_LONG, E, "sheet-field-too-long", T_SHEETS) \
	X(SHEET_CHECK_COLUMN, W, "sheet-check-column", T_SHEETS) \
	X(NO_ARMIES, E, "no-armies", T_SHEETS) \
	X(BAD_REFERENCE, E, "bad-reference", T_SHEETS) \
	X(LINE_NOT_READ, E, "line-not-read", T_SHEETS) \
	X(ROW_NOT_READ, E, "row-not-read", T_SHEETS) \
	X(CSV_UNTERMINATED_QUOTE, E, "csv-unterminated-quote", T_SHEETS) \
	X(JSON_ARMY, E, "json-army", T_SHEETS) \
	X(HTML_TOO_MANY_ATTRS, E, "html-too-many-attributes", T_SHEETS) \
	X(HTML_CHARSET_BYTES, W, "html-charset-bytes", T_SHEETS) \
	X(HTML_CHARSET_UNKNOWN, W, "html-charset-unknown", T_SHEETS) \
	X(ARABIC_BOOK, W, "arabic-book", T_SHEETS) \
	X(COUNTLESS, W, "count-less", T_SHEETS) \
	X(ERA_INFERRED, W, "era-inferred", T_SHEETS) \
	X(NOT_A_LIST, W, "not-a-list", T_SHEETS) \
	X(MAIL_TEXT, W, "mail-text", T_SHEETS) \
	X(PAGE_TEXT, W, "page-text", T_SHEETS) \
	X(SELECT_NO_ID, W, "select-unknown-id", T_SELECT) \
	X(SELECT_BAD_QUALIFIER, W, "select-bad-qualifier", T_SELECT) \
	/* campaign */ \
	X(CAMP_LINE_UTF8, E, "line-not-utf8", T_CAT | T_SURV) \
	X(CAMP_AFTER_BATTLE, E, "after-battle-name", T_CAT) \
	X(CAMP_NO_NAME, E, "missing-name", T_CAT | T_SURV) \
	X(CAMP_NAME_UTF8, E, "name-not-utf8", T_CAT | T_SURV) \
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
	X(CAMP_TOO_MANY_ROWS, E, "table-too-many-rows", T_CAT | T_SURV) \
	X(CAMP_GLORY_NEVER, W, "table-row-never-matches", T_SURV) \
	X(CAMP_BAND_COLUMN, E, "table-missing-column", T_SURV) \
	X(CAMP_BATTLE_ROOT, E, "battle-not-catastrophes", T_SURV) \
	X(CAMP_BATTLE_TEXT, E, "battle-not-xml", T_SURV) \
	X(CAMP_BATTLE_EMPTY, E, "battle-empty-input", T_SURV) \
	X(CAMP_BATTLE_SCHEMA, E, "battle-schema", T_SURV) \
	X(CAMP_SIDE_SHAPE, E, "side-shape", T_CAT | T_SURV) \
	X(CAMP_PC_SIDE, E, "pc-unknown-side", T_SURV) \
	X(CAMP_PC_UNIT, E, "pc-unknown-unit", T_SURV) \
	X(CAMP_UNIT_NO_SIDE, E, "pc-unit-without-side", T_SURV) \
	X(CAMP_GIVEN_UNIT, E, "effect-unknown-unit", T_CAT) \
	X(CAMP_SAME_DICE, W, "same-dice", T_CAT | T_SURV) \
	/* dba: move-check bounds */ \
	X(MOVE_GENERAL_LOST, E, "general-lost-general", T_MOVE) \
	/* dba: rules tables */ \
	X(RULES_EQUAL, E, "rules-equal-outcome", T_RULES) \
	X(RULES_INCOMPLETE, E, "rules-incomplete", T_RULES) \
	X(RULES_NO_TROOP_SET, E, "rules-no-troop-set", T_RULES) \
	/* card */ \
	X(CARD_OVERFLOW, W, "card-overflow", T_CARD) \
	X(CARD_INCOMPLETE, W, "card-incomplete", T_CARD) \
	X(CARD_NO_LIST, W, "card-no-list", T_CARD) \
	/* dba */ \
	X(BOUND_TOO_LONG, E, "bound-too-long", T_MOVE) \
	/* battle */ \
	X(BF_MISSING, E, "bf-missing-attribute", T_SCAN) \
	X(BF_BAD_VALUE, E, "bf-bad-value", T_SCAN) \
	X(BF_SIDES, E, "bf-too-many-sides", T_SCAN) \
	X(BF_DUP_SIDE, E, "bf-duplicate-side", T_SCAN) \
	X(BF_UNKNOWN_TROOP, E, "bf-unknown-troop", T_SCAN) \
	X(BF_NO_RULES, E, "bf-troop-not-in-rules", T_SCAN) \
	X(BF_UNKNOWN_RULES, E, "bf-unknown-rules", T_SCAN) \
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
	X(BF_TOO_MANY, E, "bf-too-many", T_SCAN) \
	X(BF_EMPTY_INPUT, E, "bf-empty-input", T_SCAN) \
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
	X(PLAN_TOO_LONG, E, "plan-too-long", T_SCAN) \
	/* end */

#define DIAG_ENUM_(id, lv, code, tools) D_##id,
enum diag_id { DIAG_CATALOGUE(DIAG_ENUM_) D_N };
#undef DIAG_ENUM_

/* ---- the findings of armylist-check ------------------------------------- */
/* A second catalogue of the same shape: the findings of army/armycheck,
 * armylist-check's answer, which it writes to its output in every -T
 * format (not to the standard error).  Each has a stable code (written
 * with it, named by --ignore), listed with its level and message in the
 * Checks list of armylist-check(1); LEVEL E is an error finding (exit
 * status 1), W a warning.  The engine reports one with FINDING(...),
 * whose arguments the compiler checks against the message. */
#define FINDF_ELEMENT_TOTAL "elements total %s, expected %ld"
#define FINDF_GENERAL_COUNT "general elements %s, expected %ld"
#define FINDF_DATED_TOTAL "elements total %s with the options of %s, expected %ld"
#define FINDF_GENERAL_ONLY "'%s' only as the general's element"
#define FINDF_PACKAGE_MISMATCH "alternative packages hold %s elements"
#define FINDF_DUPLICATE_ID "duplicate id, first at %s:%ld"
/* "unknown " and "" or "" and " not in dba1" */
#define FINDF_UNKNOWN_TROOP "%stroop type '%s'%s"
#define FINDF_UNKNOWN_REFERENCE "%s '%s' names no army in the input"
#define FINDF_PERIOD_ORDER "period from %ld is later than to %ld"
#define FINDF_NO_ENEMIES "no enemies listed"
#define FINDF_ELEMENT_COUNT "element count %ld, more than the %ld elements of an army"
#define FINDF_PARSE_ERRORS "not checked: army has parse errors"
#define FINDF_AGGRESSION_RANGE "aggression %s outside %ld-%ld"
#define FINDF_UNKNOWN_TERRAIN "terrain '%s' names no home topography of %s%s"
/* entries (--book): the list's id and where it is, what is wrong */
#define FINDF_ENTRY_UNKNOWN_LIST "no list %s in the book%s"
#define FINDF_ENTRY_NOT_IN_LIST "'%s' is not in the list (list %s, %s:%ld)"
#define FINDF_ENTRY_COUNT "%s (list %s, %s:%ld)"
#define FINDF_ENTRY_GENERAL "%s (list %s, %s:%ld)"
#define FINDF_ENTRY_YEAR "%s (list %s, %s:%ld)"
#define FINDF_ENTRY_NOT_ALLOWED "%s (event %s)"
#define FINDF_ENTRY_ALLY "ally %s: %s"
#define FINDF_ENTRY_FITS "fits list %s"
#define FINDF_ENTRY_NO_YEAR "no year chosen, and the list has options limited by date (list %s, %s:%ld)"

/* X(ID, LEVEL, CODE, TOOLS), in the order --ignore lists the codes. */
#define FINDING_CATALOGUE(X) \
	X(ELEMENT_TOTAL, E, "element-total", T_CHECK) \
	X(GENERAL_COUNT, E, "general-count", T_CHECK) \
	X(DATED_TOTAL, E, "dated-total", T_CHECK) \
	X(GENERAL_ONLY, E, "general-only", T_CHECK) \
	X(PACKAGE_MISMATCH, E, "package-mismatch", T_CHECK) \
	X(DUPLICATE_ID, E, "duplicate-id", T_CHECK) \
	X(UNKNOWN_TROOP, E, "unknown-troop", T_CHECK) \
	X(UNKNOWN_REFERENCE, W, "unknown-reference", T_CHECK) \
	X(PERIOD_ORDER, E, "period-order", T_CHECK) \
	X(NO_ENEMIES, W, "no-enemies", T_CHECK) \
	X(ELEMENT_COUNT, E, "element-count", T_CHECK) \
	X(PARSE_ERRORS, E, "parse-errors", T_CHECK) \
	X(AGGRESSION_RANGE, E, "aggression-range", T_CHECK) \
	X(UNKNOWN_TERRAIN, W, "unknown-terrain", T_CHECK) \
	X(ENTRY_UNKNOWN_LIST, E, "entry-unknown-list", T_CHECK) \
	X(ENTRY_NOT_IN_LIST, E, "entry-not-in-list", T_CHECK) \
	X(ENTRY_COUNT, E, "entry-count", T_CHECK) \
	X(ENTRY_GENERAL, E, "entry-general", T_CHECK) \
	X(ENTRY_YEAR, E, "entry-year", T_CHECK) \
	X(ENTRY_NO_YEAR, W, "entry-no-year", T_CHECK) \
	X(ENTRY_NOT_ALLOWED, E, "entry-not-allowed", T_CHECK) \
	X(ENTRY_ALLY, E, "entry-ally", T_CHECK) \
	X(ENTRY_FITS, W, "entry-fits", T_CHECK) \
	/* end */

#define FINDING_ENUM_(id, lv, code, tools) CK_##id,
enum check_code { FINDING_CATALOGUE(FINDING_ENUM_) CK_N };
#undef FINDING_ENUM_

/* A row of either catalogue (core/diag.c). */
struct diag_def {
	const char *code;          /* stable: man pages list it */
	int error;                 /* 1 error (a diagnostic: status 2, a
	                              finding: 1), 0 warning */
	const char *fmt;           /* the message */
	unsigned tools;            /* enum diag_tool bits */
};
extern const struct diag_def diag_defs[D_N];
extern const struct diag_def finding_defs[CK_N];
extern const char *const diag_tools[T_NTOOLS];

#endif
