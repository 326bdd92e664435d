/* labels: every user-visible word and sentence of the tools' output that
 * depends on the language (--lang), as one enum.  The texts live in one
 * file per language, labels_en.c, labels_de.c and labels_ru.c, each a
 * table with a text for every label (tests/unit/test_labels.c checks
 * them).  Our own short words; troop names and the Catastrophe and
 * Survival texts are data in formats/, not labels. */
#ifndef BELLIS_LABELS_H
#define BELLIS_LABELS_H

#include "core/lang.h"

enum label {
	/* refcard-render: the cards; L_OUT_RECOIL..L_OUT_NONE in the order
	 * of enum outcome */
	L_CLS_FOOT, L_CLS_MOUNTED, L_CLS_ALL, L_OUT_RECOIL, L_OUT_FLEE,
	L_OUT_DESTROYED, L_OUT_NONE, L_OUT_SURRENDER, L_BEATEN, L_DOUBLED, L_BY, L_OR_BY, L_GOING_GOOD,
	L_GOING_DIFF, L_GOING_ROUGH, L_UNIT_PACES, L_UNIT_BW, L_EXPLAIN_ROAD_FREE,
	L_TF_DOUBLE, L_TF_BAD, L_EQUAL, L_EXC_AS, L_ROUGH, L_BAD, L_MOVES_BW, L_RIVER_BW, L_FAST, L_SOLID, L_BESIDE, L_ROAD_FREE, L_EXC_LOSER_ROUGH, L_GOING_BAD, L_IN_CITY, L_DOUBLE, L_BW_SHORT, L_ROUGH_BAD, L_SHOOTING, L_CLOSE,
	/* the other conditions of an outcome exception, value 0 then 1, and
	 * the line of the outcomes an army card leaves out */
	L_EXC_LOSER_GOOD, L_EXC_LOSER_DIFF, L_EXC_LOSER_OPEN, L_EXC_LOSER_FORT,
	L_EXC_WINNER_OPEN, L_EXC_WINNER_FORT, L_EXC_NOT_CHARGED,
	L_EXC_CHARGED, L_OUT_UNLESS,
	/* dba3's bad going (2.2 and 1.x: difficult), and the going words
	 * of an army card's notes: good, difficult, rough, bad */
	L_EXC_LOSER_BAD, L_BAD_EXEMPT, L_NOTE_GOOD, L_NOTE_DIFF,
	L_NOTE_ROUGH, L_NOTE_BAD,
	L_GENERAL, L_SHOOTS, L_PACES,
	L_REAR_SUPPORT, L_PSILOI_SUPPORT, L_CANCELS, L_DIFF_EXEMPT,
	L_NO_CONTACT, L_PIP, L_APPROX, L_BC, L_AD, L_PERIOD, L_TERRAIN,
	L_AGGRESSION, L_ENEMIES, L_ALLIES, L_COMPOSITION, L_TROOPS, L_CODE,
	L_NAME, L_COUNT, L_VS_FOOT, L_VS_MOUNTED, L_VS_SHOT, L_GOOD, L_DIFFICULT, L_ROAD,
	L_NOTES, L_NOT_IN_EDITION, L_TF_CAMP, L_TF_GENERAL, L_TF_UPHILL,
	L_TF_RIVERBANK, L_TF_OVERLAP, L_TF_FLANK, L_TF_REAR, L_TF_SHOOTERS,
	L_TF_DIFFICULT, L_EXCEPT, L_ON_DIE, L_FACTORS, L_TACTICAL, L_FACTOR,
	L_VALUE, L_FOR, L_LIMIT_OVERLAP, L_SUPPORT, L_BEHIND, L_MOVES, L_RIVER,
	L_ROAD_BONUS, L_RANGE, L_PIPS, L_PIP_DIE, L_PIP_BASE,
	L_PIP_COMMAND, L_OUT_OF_SIGHT, L_OUTCOMES, L_LOSER, L_EXCEPTIONS,
	L_CARD_COMBAT, L_CARD_MOVEMENT, L_CARD_OUTCOMES, L_CARD_CAMPAIGN,
	L_CATASTROPHE, L_ROLL, L_EVENT, L_EFFECTS, L_STRATEGY,
	L_STRATEGY_HALVED, L_MORALE_ALL, L_MORALE_UNIT, L_MORALE_ROLL,
	L_ENEMY_TS, L_RECALC_TS, L_LEADER_UNIT, L_LEADER_COMMANDER,
	L_FATE_WOUNDED, L_FATE_KILLED, L_DAMAGE, L_SURVIVAL, L_DIE, L_MARGIN,
	L_RESULT, L_HP, L_TL, L_DR_DIV, L_DAMAGE_COLS,
	L_MORALE_FAIL, L_MORALE_SUCCESS,
	L_NO_CARDS, L_CONTINUED, L_SHEET_TYPE, L_PAGE, L_SHOOTING_T,
	L_TF_DIFF_MOUNTED, L_SUPPORT_LOST, L_SL_DIFFICULT, L_SL_CAMP, L_SL_SHOT, L_PSILOI_WHEN,
	L_PIP_GENERAL_LOST, L_RECONSTRUCTED, L_INCOMPLETE, L_CRIT_FAILURE, L_CONTACT_WITH,
	L_UNKNOWN, L_MATCHUP, L_MATCHUP_LEGEND,
	/* the key of battle-scan's picture */
	L_BF_FRONT, L_BF_FLANK, L_BF_OVERLAP, L_BF_ZOC, L_BF_SUPPORT, L_BF_GENERAL, L_BF_EDGE, L_BF_LEGAL, L_BF_ILLEGAL, L_BF_PLANNED,
	L_BF_SCREENED, L_BF_WOOD, L_BF_HILL, L_BF_BUA, L_BF_MARSH, L_BF_WATER,
	L_BF_RIVER, L_BF_CAMP, L_BF_PSILOI, L_BF_ACTION, L_BF_SMALL,
	/* rules cards: the condition of each support row, the BUA factor,
	 * the river bank's exceptions, the PIP surcharges' troops */
	L_WHEN, L_ONLY_VS, L_SUPPORT_MAX, L_TF_BUA, L_RIVER_NOT_FORD,
	L_PIP_TROOPS, L_PIP_NOT_FIRST, L_SUPPORT_GOOD,
	/* campaign cards: the key of the DR divisor column */
	L_DR_KEY, L_ROAD_BONUS_WHEN, L_OUT_AS_DEFAULT,
	/* army cards: the home topographies of the lists, in the order of
	 * card.c's table; English is the word the lists write */
	L_TOPO_ARABLE, L_TOPO_FOREST, L_TOPO_HILLY, L_TOPO_STEPPE,
	L_TOPO_DRY, L_TOPO_TROPICAL, L_TOPO_LITTORAL, L_TOPO_MOUNTAIN,
	/* the words that join topographies: or, if, otherwise, not */
	L_TOPO_OR, L_TOPO_IF, L_TOPO_OTHERWISE, L_TOPO_NOT,
	/* "if not" as one (the words after a condition), and the places the
	 * lists' conditional topographies name */
	L_TOPO_IFNOT, L_PLACE_VENICE, L_PLACE_GENOA,
	/* army cards: the notes of the lists' elements the cards translate;
	 * English is the word the lists write */
	L_NOTE_TOWER,
	/* army cards: the general's fact in the facts strip */
	L_FACT_GENERAL,
	/* entry cards: a camp listed with the elements, its row and note */
	L_CAMP_ROW, L_CAMP_NOTE,
	/* cards: side support (a note, a heading), "vs" and "not" of a
	 * support's opponents, mounted infantry (dba3 Mtd), what a double
	 * element's loss counts */
	L_SIDE_SUPPORT, L_SIDE_T, L_VS, L_BUT, L_MTD_INF, L_DOUBLE_LOSS,

	/* combat-calc text; it also says L_BEATEN, L_DOUBLED, L_OUT_RECOIL,
	 * L_OUT_FLEE, L_OUT_DESTROYED, L_GOING_DIFF and L_NOT_IN_EDITION */
	L_COMBAT_WINS, L_COMBAT_DRAWS, L_COMBAT_DOUBLES, L_COMBAT_ODDS,
	L_COMBAT_OUTCOMES, L_COMBAT_DICE, L_COMBAT_SUPPORT_LOST,
	L_COMBAT_PSILOI_LOST, L_COMBAT_DRAW, L_COMBAT_NONE, L_WHY_SHOT,
	L_WHY_BOW_CONTACT, L_WHY_ATTACKS_CAMP, L_WHY_NOT_VS_MOUNTED,
	L_WHY_NOT_VS, L_WHY_NOT_SOLID, L_COMBAT_SIDE_LOST, L_EXPLAIN_FACTOR, L_EXPLAIN_SUBTYPE, L_EXPLAIN_OUTCOME, L_EXPLAIN_ROW,

	/* move-check --explain: the figures of a move */
	L_EXPLAIN_MOVE, L_EXPLAIN_RIVER, L_EXPLAIN_ROAD_BONUS, L_EXPLAIN_WHEEL,
	L_EXPLAIN_PIP_COST, L_EXPLAIN_PIP_TROOPS, L_EXPLAIN_PIP_COMMAND,
	L_EXPLAIN_FURTHER, L_EXPLAIN_FIRST_FREE,

	/* rules cards: the footnotes of figures not confirmed by two
	 * sources (1S, X, R) */
	L_CONF_1S, L_CONF_X, L_CONF_R,

	/* move-check: verdicts and bound totals */
	L_MOVE_OK, L_MOVE_ILLEGAL, L_MOVE_BOUND, L_MOVE_PIP, L_MOVE_PIPS,
	L_MOVE_USED, L_MOVE_UNUSED, L_MOVE_NO_BUDGET,

	/* move-check: the sentence of each broken rule; $1..$4 stand for
	 * its arguments, and every language uses the same ones */
	L_MOVE_TOO_FAR, L_MOVE_NO_PIPS, L_MOVE_TWICE, L_MOVE_NO_CONTACT,
	L_MOVE_DIFFICULT, L_MOVE_ENGAGED, L_MOVE_COLUMN, L_MOVE_FRONTAGE,
	L_MOVE_WHEEL, L_MOVE_TURN, L_MOVE_BREAKOFF, L_MOVE_FLANK, L_MOVE_FACE,
	L_MOVE_ZOC, L_MOVE_BY_ROAD, L_MOVE_BY_DIFFICULT, L_MOVE_BY_RIVER,
	L_MOVE_BY_AWAY, L_MOVE_END_GOOD, L_MOVE_END_DIFFICULT,
	L_MOVE_END_ROUGH, L_MOVE_END_BAD,
	L_MOVE_TWICE_GENERAL,

	/* armylist-parse -T text; it also says L_TERRAIN, L_AGGRESSION and
	 * L_ALLIES */
	L_LIST_GENERAL, L_LIST_OR, L_LIST_ANDOR, L_LIST_LANGUAGE, L_LIST_DATES,
	L_LIST_SOURCES, L_LIST_DBM, L_LIST_ENEMIES, L_LIST_INCOMPLETE,
	L_LIST_NOTE,
	/* every DBA card: the edition it was made under */
	L_RULES_EDITION,
	/* armylist-parse -T text of an entry */
	L_LIST_PLAYER, L_LIST_YEAR,
	L_N
};

extern const char *const labels_en[L_N];
extern const char *const labels_de[L_N];
extern const char *const labels_ru[L_N];

/* The text of label l in language lang. */
const char *lang_label(enum lang lang, enum label l);

#endif
