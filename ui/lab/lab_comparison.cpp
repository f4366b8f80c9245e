#include "lab/lab_comparison.h"


#include <cmath>
#include <cstdlib>
#include <optional>

namespace fgui {
namespace {

bool ran(const fg::LabReport& r, size_t i)
{
    return i < r.summaries.size() && r.summaries[i].runs > 0 && r.summaries[i].skipped.empty();
}

std::optional<size_t> find(const fg::LabReport& r, const std::string& label)
{
    for (size_t i = 0; i < r.settings.size(); ++i) {
        if (r.settings[i].label == label && ran(r, i)) return i;
    }
    return std::nullopt;
}

} // namespace

LabComparison compareLabReports(const fg::LabReport& current, const fg::LabReport& other)
{
    LabComparison out;
    for (size_t i = 0; i < current.settings.size(); ++i) {
        if (!ran(current, i)) continue;
        const auto there = find(other, current.settings[i].label);
        if (!there) {
            ++out.onlyHere;
            continue;
        }
        LabComparisonRow row;
        row.setting = QString::fromStdString(current.settings[i].label);
        row.medianSeconds = current.summaries[i].medianSeconds;
        row.otherMedianSeconds = other.summaries[*there].medianSeconds;
        row.changePercent = row.otherMedianSeconds > 0
                                ? (row.medianSeconds - row.otherMedianSeconds) / row.otherMedianSeconds * 100.0
                                : 0.0;
        out.rows.push_back(row);
    }
    for (size_t i = 0; i < other.settings.size(); ++i) {
        if (ran(other, i) && !find(current, other.settings[i].label)) ++out.onlyThere;
    }
    return out;
}

QString changeText(double percent)
{
    const long rounded = std::lround(percent);
    if (rounded == 0) return QStringLiteral("\u00b10 %");
    // A real minus sign: a hyphen reads as a dash in a column of numbers.
    return (rounded < 0 ? QStringLiteral("\u2212") : QStringLiteral("+")) + QString::number(std::labs(rounded)) +
           QStringLiteral(" %");
}

} // namespace fgui
