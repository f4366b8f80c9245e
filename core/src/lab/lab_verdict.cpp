#include "lab/lab_verdict.h"


#include <algorithm>
#include <cstdio>
#include <map>

namespace fg {
namespace {

template <typename T>
double medianOf(std::vector<T> values)
{
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? double(values[n / 2]) : (double(values[n / 2 - 1]) + double(values[n / 2])) / 2;
}

std::string secondsText(double s)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, s < 10 ? "%.2f s" : "%.1f s", s);
    return buf;
}

std::string percentText(double share)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f %%", share * 100);
    return buf;
}

std::string spreadText(const LabSummary& s)
{
    return s.runs > 1 ? secondsText(s.minSeconds) + "-" + secondsText(s.maxSeconds) : secondsText(s.medianSeconds);
}

} // namespace

LabSummary summarizeLabTrials(const std::vector<LabTrial>& trials)
{
    LabSummary s;
    std::vector<double> seconds, rates, cpu, farCpu;
    std::vector<uint64_t> wire;
    std::map<std::string, unsigned> verdicts;
    std::vector<std::string> verdictOrder;
    for (const auto& t : trials) {
        if (!t.ok || t.seconds <= 0) continue;
        seconds.push_back(t.seconds);
        rates.push_back(double(t.bytes) / t.seconds);
        wire.push_back(t.wireBytes);
        if (t.cpuSeconds) cpu.push_back(*t.cpuSeconds);
        if (t.farCpuSeconds) farCpu.push_back(*t.farCpuSeconds);
        if (!t.bottleneck.empty() && verdicts[t.bottleneck]++ == 0) verdictOrder.push_back(t.bottleneck);
    }
    s.runs = unsigned(seconds.size());
    if (seconds.empty()) return s;
    s.medianSeconds = medianOf(seconds);
    s.minSeconds = *std::min_element(seconds.begin(), seconds.end());
    s.maxSeconds = *std::max_element(seconds.begin(), seconds.end());
    s.medianRate = medianOf(rates);
    s.minRate = *std::min_element(rates.begin(), rates.end());
    s.maxRate = *std::max_element(rates.begin(), rates.end());
    s.medianWireBytes = uint64_t(medianOf(wire));
    // Only when every run has the figure: a median of some runs is not the setting's.
    if (cpu.size() == seconds.size()) s.medianCpuSeconds = medianOf(cpu);
    if (farCpu.size() == seconds.size()) s.medianFarCpuSeconds = medianOf(farCpu);
    // The verdict most runs had; between equals, the one seen first.
    unsigned most = 0;
    for (const auto& v : verdictOrder)
        if (verdicts[v] > most) {
            most = verdicts[v];
            s.bottleneck = v;
        }
    return s;
}

void judgeLab(LabReport& report)
{
    report.best.reset();
    report.margin = 0;
    report.significant = false;
    std::vector<size_t> ran;
    for (size_t i = 0; i < report.summaries.size(); ++i) {
        report.summaries[i].likeBest = false;
        if (report.summaries[i].runs > 0 && report.summaries[i].skipped.empty()) ran.push_back(i);
    }
    if (ran.empty()) {
        report.conclusion = "No setting finished a trial, so there is nothing to compare: see each setting's error.";
        return;
    }
    std::stable_sort(ran.begin(), ran.end(), [&](size_t a, size_t b) {
        return report.summaries[a].medianSeconds < report.summaries[b].medianSeconds;
    });
    const size_t best = ran.front();
    report.best = best;
    LabSummary& b = report.summaries[best];
    b.likeBest = true;
    const std::string bestLabel = report.settings[best].label;
    if (ran.size() == 1) {
        report.conclusion = "Only " + bestLabel + " finished its trials (" + spreadText(b) +
                            "), so there is nothing to compare it with.";
        return;
    }
    const size_t next = ran[1];
    const LabSummary& r = report.summaries[next];
    report.margin = r.medianSeconds > 0 ? (r.medianSeconds - b.medianSeconds) / r.medianSeconds : 0;
    // Within the best's spread: a setting whose fastest run was no faster
    // than the best's slowest cannot be told apart from it.
    size_t alike = 0;
    for (size_t i : ran) {
        if (i == best) continue;
        if (report.summaries[i].minSeconds <= b.maxSeconds) {
            report.summaries[i].likeBest = true;
            ++alike;
        }
    }
    const bool spread = b.runs >= 2 && r.runs >= 2;
    report.significant = spread && b.maxSeconds < r.minSeconds;
    const std::string nextLabel = report.settings[next].label;
    if (report.significant) {
        report.conclusion = bestLabel + " is the fastest: " + percentText(report.margin) + " less time than " + nextLabel +
                            " (the next best; " + spreadText(b) + " against " + spreadText(r) +
                            "), a difference beyond the spread of their runs.";
    } else if (!spread) {
        report.conclusion = "One run of a setting has no spread to judge by: " + bestLabel + " had the fastest time, " +
                            percentText(report.margin) + " less than " + nextLabel + "; run with --runs 3 or more to know "
                            "whether that holds.";
    } else {
        report.conclusion = "No measurable difference between " + bestLabel + " and " + nextLabel + ": their runs overlap (" +
                            spreadText(b) + " against " + spreadText(r) + ")";
        if (alike > 1) report.conclusion += ", and " + std::to_string(alike - 1) + " more setting" + (alike > 2 ? "s are" : " is") +
                                            " within the same spread";
        report.conclusion += ". More runs or a bigger workload may separate them; until then, any of them will do.";
    }
}

} // namespace fg
