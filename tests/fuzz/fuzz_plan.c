/* fuzz_plan: plans of the bound on a fixed battlefield (a small battle
 * line with a wood, a river and a road): the plan reader, the paths and
 * the move lines. */
#define FUZZ_SEEDS "samples/battle-*.plan"
#define FUZZ_RULES
#define FUZZ_INIT
#include <string.h>

#include "battle/scan.h"
#include "dba/movein.h"
#include "fuzz.h"

static char field[64];

static const char text[] =
    "<battlefield version=\"1\" width=\"2400\" height=\"2400\">\n"
    "<feature kind=\"wood\" going=\"difficult\"><point x=\"200\" "
    "y=\"1200\"/><point x=\"700\" y=\"1200\"/><point x=\"500\" "
    "y=\"1600\"/></feature>\n"
    "<river width=\"80\"><point x=\"0\" y=\"1400\"/><point "
    "x=\"2400\" y=\"1450\"/></river>\n"
    "<road width=\"40\"><point x=\"1200\" y=\"0\"/><point "
    "x=\"1200\" y=\"2400\"/></road>\n"
    "<side name=\"red\" pips=\"4\">\n"
    "<element id=\"r1\" troop=\"Bd\" x=\"1040\" y=\"1000\" "
    "facing=\"0\" general=\"yes\"/>\n"
    "<element id=\"r2\" troop=\"Sp\" x=\"1200\" y=\"1000\" "
    "facing=\"0\"/>\n"
    "<element id=\"r3\" troop=\"Sp\" x=\"1200\" y=\"940\" "
    "facing=\"0\"/>\n"
    "<element id=\"r4\" troop=\"LH\" x=\"400\" y=\"600\" "
    "facing=\"45\"/>\n</side>\n<side name=\"blue\">\n"
    "<element id=\"b1\" troop=\"Kn\" x=\"1200\" y=\"1000\" "
    "facing=\"180\"/>\n"
    "<element id=\"b2\" troop=\"Ps\" x=\"1700\" y=\"1300\" "
    "facing=\"180\"/>\n</side>\n</battlefield>\n";

static void
fuzz_init(void)
{
	int fd;

	snprintf(field, sizeof field, "/tmp/bellis-field-XXXXXX");
	if ((fd = mkstemp(field)) < 0 || write(fd, text, sizeof text - 1) !=
	    (ssize_t)(sizeof text - 1))
		abort();
	close(fd);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scan_opts o;
	char *files[1] = { field };

	if (size > 4096)
		return 0;       /* long plans only repeat the short ones */
	memset(&o, 0, sizeof o);
	o.r = fuzz_rules;
	o.tol = 2;
	o.fmt = FMT_MOVES;
	o.plan = fuzz_path(data, size);
	diag_set_file("fuzz");
	scan_files(&o, fuzz_sink, files, 1);
	return 0;
}
