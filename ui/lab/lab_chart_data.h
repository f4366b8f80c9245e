#pragma once
// A Tuning Lab report as the charts take it: boxes of times, the heat-map grid
// and the trials' curves. Pure functions over fg::LabReport, so the charts
// know nothing of the lab and these are tested without drawing anything.

#include "charts/lab_curve_chart.h"
#include "charts/lab_heat_map.h"
#include "charts/lab_time_chart.h"

#include <floodgate/lab.h>

#include <QString>

#include <optional>
#include <vector>

namespace fgui {

// The factors whose level is not the same in every setting, by their place in
// LabSetting::levels. A factor given one level is in each label but varies nothing.
std::vector<size_t> varyingFactors(const fg::LabReport& report);

// A setting named by what varies only: "4\naes128-gcm" for streams and cipher,
// one level a line (the box chart's category labels).
QString varyingLevelsText(const fg::LabReport& report, size_t setting);

// One box a setting that ran, in the report's order; quartiles from its runs.
std::vector<LabTimeBox> labTimeBoxes(const fg::LabReport& report);
// "streams / cipher": what the box labels are.
QString labTimeAxisTitle(const fg::LabReport& report);

// The grid of median rates when exactly two factors vary; unset otherwise.
std::optional<LabHeatGrid> labHeatGrid(const fg::LabReport& report);

// Every trial's curve, in the order they ran.
std::vector<LabCurve> labCurves(const fg::LabReport& report);
// One trial's, as it finishes during a run; `legendLabel` names it by what varies.
LabCurve labCurve(const fg::LabTrial& trial, const QString& settingLabel, const QString& legendLabel);
// What varies in a setting on one line: "4 · aes128-gcm".
QString varyingLevelsLine(const fg::LabReport& report, size_t setting);

// The quartiles of a few run times (linear between the closest ranks): for
// three runs a, b, c the box spans (a+b)/2 to (b+c)/2.
struct Quartiles {
    double lower = 0, upper = 0;
};
Quartiles quartiles(std::vector<double> values);

} // namespace fgui
