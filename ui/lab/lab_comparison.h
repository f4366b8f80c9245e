#pragma once
// One experiment against an earlier one: per setting both ran, the two median
// times and the change, so "did the new NAS firmware help, and which setting
// most" reads off one table.

#include <floodgate/lab.h>

#include <QString>

#include <vector>

namespace fgui {

struct LabComparisonRow {
    QString setting;          // the label, as both reports name it
    double medianSeconds = 0; // in this experiment
    double otherMedianSeconds = 0;
    // (this - other) / other, in percent: below zero, this experiment was faster.
    double changePercent = 0;
};

struct LabComparison {
    std::vector<LabComparisonRow> rows; // in this experiment's order
    int onlyHere = 0;  // settings this experiment ran and the other did not
    int onlyThere = 0; // and the other way round
};

LabComparison compareLabReports(const fg::LabReport& current, const fg::LabReport& other);

// "−12 %", "+3 %", "±0 %".
QString changeText(double percent);

} // namespace fgui
