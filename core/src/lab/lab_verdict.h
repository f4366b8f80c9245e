#pragma once
#include "internal.h"
// What an experiment's trials say: each setting's figures from its runs, and
// which setting is best, by how much, and whether the runs' spread allows
// calling it a difference at all. Pure: no I/O.

#include <floodgate/lab.h>

#include <vector>

namespace fg {

// The figures of one setting from its trials (those that failed are not
// counted; medians of an even count are the mean of the middle two).
LabSummary summarizeLabTrials(const std::vector<LabTrial>& trials);

// Fills the report's best, margin, significant, conclusion and each
// summary's likeBest from its summaries (settings that did not run, or that
// were skipped, take no part). The best is the fastest median; it is a
// measurable difference only when each of the two fastest ran at least
// twice and the best's slowest run beat the runner-up's fastest.
void judgeLab(LabReport& report);

} // namespace fg
