#include "lab/lab_chart_data.h"

#include "widgets/format.h"

#include <algorithm>
#include <cmath>

namespace fgui {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

// The words under a box or in a cell's tooltip: the setting and its numbers.
QString settingTooltip(const fg::LabReport& report, size_t i)
{
    const fg::LabSummary& s = report.summaries[i];
    QString text = qs(report.settings[i].label);
    if (!s.skipped.empty()) return LabTimeChart::tr("%1\nskipped: %2").arg(text, qs(s.skipped));
    if (s.runs == 0) return LabTimeChart::tr("%1\nno run finished").arg(text);
    text += QLatin1Char('\n') + LabTimeChart::tr("median %1 s (%2\u2013%3 s), %4")
                                    .arg(QString::number(s.medianSeconds, 'f', 2), QString::number(s.minSeconds, 'f', 2),
                                         QString::number(s.maxSeconds, 'f', 2), formatRate(s.medianRate));
    text += QLatin1Char('\n') + (s.runs == 1 ? LabTimeChart::tr("1 run") : LabTimeChart::tr("%1 runs").arg(s.runs));
    if (report.best && *report.best == i) text += QLatin1Char('\n') + LabTimeChart::tr("the best setting");
    else if (s.likeBest) text += QLatin1Char('\n') + LabTimeChart::tr("no measurable difference from the best");
    return text;
}

template <class Mark>
Mark markOf(const fg::LabReport& report, size_t i)
{
    if (report.best && *report.best == i) return Mark::Best;
    return report.summaries[i].likeBest ? Mark::LikeBest : Mark::None;
}

bool ran(const fg::LabReport& report, size_t i)
{
    return i < report.summaries.size() && report.summaries[i].runs > 0 && report.summaries[i].skipped.empty();
}

} // namespace

std::vector<size_t> varyingFactors(const fg::LabReport& report)
{
    std::vector<size_t> out;
    if (report.settings.empty()) return out;
    const auto& first = report.settings.front().levels;
    for (size_t f = 0; f < first.size(); ++f) {
        for (const fg::LabSetting& s : report.settings) {
            if (f < s.levels.size() && s.levels[f].second != first[f].second) {
                out.push_back(f);
                break;
            }
        }
    }
    return out;
}

QString varyingLevelsText(const fg::LabReport& report, size_t setting)
{
    const fg::LabSetting& s = report.settings[setting];
    const std::vector<size_t> varying = varyingFactors(report);
    if (varying.empty()) return qs(s.label);
    QStringList levels;
    for (size_t f : varying) {
        if (f < s.levels.size()) levels << qs(s.levels[f].second);
    }
    return levels.join(QLatin1Char('\n'));
}

QString labTimeAxisTitle(const fg::LabReport& report)
{
    if (report.settings.empty()) return {};
    QStringList names;
    for (size_t f : varyingFactors(report)) names << qs(report.settings.front().levels[f].first);
    return names.join(QStringLiteral(" / "));
}

Quartiles quartiles(std::vector<double> values)
{
    if (values.empty()) return {};
    std::sort(values.begin(), values.end());
    auto at = [&](double q) {
        const double rank = q * double(values.size() - 1);
        const auto below = size_t(std::floor(rank));
        const size_t above = std::min(below + 1, values.size() - 1);
        return values[below] + (values[above] - values[below]) * (rank - double(below));
    };
    return {at(0.25), at(0.75)};
}

std::vector<LabTimeBox> labTimeBoxes(const fg::LabReport& report)
{
    std::vector<LabTimeBox> boxes;
    for (size_t i = 0; i < report.settings.size() && i < report.summaries.size(); ++i) {
        if (!ran(report, i)) continue;
        const fg::LabSummary& s = report.summaries[i];
        std::vector<double> times;
        for (const fg::LabTrial& t : report.trials) {
            if (t.setting == i && t.ok) times.push_back(t.seconds);
        }
        LabTimeBox box;
        box.label = varyingLevelsText(report, i);
        box.tooltip = settingTooltip(report, i);
        box.min = s.minSeconds;
        box.median = s.medianSeconds;
        box.max = s.maxSeconds;
        // The box from the runs themselves; a report without them (or with one)
        // has no spread to show inside the whiskers.
        const Quartiles q = times.size() >= 2 ? quartiles(times) : Quartiles{s.medianSeconds, s.medianSeconds};
        box.lowerQuartile = std::clamp(q.lower, box.min, box.median);
        box.upperQuartile = std::clamp(q.upper, box.median, box.max);
        box.mark = markOf<LabTimeBox::Mark>(report, i);
        boxes.push_back(std::move(box));
    }
    return boxes;
}

std::optional<LabHeatGrid> labHeatGrid(const fg::LabReport& report)
{
    const std::vector<size_t> varying = varyingFactors(report);
    if (varying.size() != 2) return std::nullopt;
    const size_t rowFactor = varying[0];
    const size_t columnFactor = varying[1];
    LabHeatGrid grid;
    grid.rowFactor = qs(report.settings.front().levels[rowFactor].first);
    grid.columnFactor = qs(report.settings.front().levels[columnFactor].first);
    // Levels in the order of the matrix (the order they were typed in).
    for (const fg::LabSetting& s : report.settings) {
        const QString row = qs(s.levels[rowFactor].second);
        const QString column = qs(s.levels[columnFactor].second);
        if (!grid.rowLevels.contains(row)) grid.rowLevels << row;
        if (!grid.columnLevels.contains(column)) grid.columnLevels << column;
    }
    grid.cells.resize(size_t(grid.rowLevels.size() * grid.columnLevels.size()));
    for (size_t i = 0; i < report.settings.size() && i < report.summaries.size(); ++i) {
        const fg::LabSetting& s = report.settings[i];
        const auto row = grid.rowLevels.indexOf(qs(s.levels[rowFactor].second));
        const auto column = grid.columnLevels.indexOf(qs(s.levels[columnFactor].second));
        LabHeatGrid::Cell& cell = grid.cells[size_t(row * grid.columnLevels.size() + column)];
        cell.tooltip = settingTooltip(report, i);
        if (!ran(report, i)) continue;
        cell.bytesPerSec = report.summaries[i].medianRate;
        cell.mark = markOf<LabHeatGrid::Mark>(report, i);
    }
    return grid;
}

QString varyingLevelsLine(const fg::LabReport& report, size_t setting)
{
    if (setting >= report.settings.size()) return {};
    return varyingLevelsText(report, setting).replace(QLatin1Char('\n'), QStringLiteral(" \u00b7 "));
}

LabCurve labCurve(const fg::LabTrial& trial, const QString& settingLabel, const QString& legendLabel)
{
    LabCurve curve;
    curve.setting = int(trial.setting);
    curve.settingLabel = settingLabel;
    curve.legendLabel = legendLabel;
    curve.run = trial.run;
    curve.points.reserve(trial.curve.size());
    for (const fg::LabRatePoint& p : trial.curve) curve.points.emplace_back(p.atSec, p.bytesPerSec);
    return curve;
}

std::vector<LabCurve> labCurves(const fg::LabReport& report)
{
    std::vector<LabCurve> curves;
    for (const fg::LabTrial& t : report.trials) {
        if (t.curve.empty() || t.setting >= report.settings.size()) continue;
        curves.push_back(labCurve(t, qs(report.settings[t.setting].label), varyingLevelsLine(report, t.setting)));
    }
    return curves;
}

} // namespace fgui
