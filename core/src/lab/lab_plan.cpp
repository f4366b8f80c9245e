// The experiment's matrix: what --vary takes, the settings it makes, the
// order trials run in and the time they will take.

#include "lab/lab_plan.h"

#include <algorithm>
#include <random>
#include <set>

namespace fg {
namespace {

struct FactorOption {
    const char* factor;
    const char* option; // the job setting each level becomes: "OPTION LEVEL"
    const char* levels; // for the help and for errors
};

constexpr FactorOption kFactors[] = {
    {"streams", "--streams", "1..32 or auto"},
    {"cipher", "--cipher", "aes128-gcm, aes256-gcm, chacha20-poly1305, none, auto"},
    {"compress", "--compress", "none, lz4, zstd, zstd:LEVEL, auto"},
    {"chunk-size", "--chunk-size", "a size: 1M, 8M, 64M"},
    {"congestion", "--congestion", "bbr, cubic, reno (what the kernel has)"},
    {"checksum", "--checksum-choice", "xxh128, xxh3, sha256"},
    {"fsync", "--fsync", "end, file, none"},
};

const FactorOption* factorNamed(const std::string& name)
{
    for (const auto& f : kFactors)
        if (name == f.factor) return &f;
    return nullptr;
}

std::string knownFactors()
{
    std::string out;
    for (const auto& f : kFactors) out += std::string(out.empty() ? "" : ", ") + f.factor;
    return out;
}

std::vector<std::string> splitLevels(const std::string& text)
{
    std::vector<std::string> out;
    size_t from = 0;
    while (true) {
        const size_t comma = text.find(',', from);
        std::string level = text.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
        const auto notSpace = [](char c) { return c != ' ' && c != '\t'; };
        level.erase(level.begin(), std::find_if(level.begin(), level.end(), notSpace));
        level.erase(std::find_if(level.rbegin(), level.rend(), notSpace).base(), level.end());
        out.push_back(level);
        if (comma == std::string::npos) return out;
        from = comma + 1;
    }
}

} // namespace

std::vector<std::pair<std::string, std::string>> labFactorHelp()
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& f : kFactors) out.emplace_back(f.factor, std::string(f.option) + ": " + f.levels);
    return out;
}

std::string labLevelSetting(const std::string& factor, const std::string& level)
{
    const FactorOption* f = factorNamed(factor);
    return f ? std::string(f->option) + " " + level : std::string();
}

Result<LabFactor> parseLabFactor(const std::string& text)
{
    const size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        return Error(Errc::InvalidArgument, "--vary '" + text + "': give FACTOR=LEVEL,LEVEL,... such as streams=1,4,8 (factors: "
                                                + knownFactors() + ")");
    LabFactor factor;
    factor.name = text.substr(0, eq);
    const FactorOption* known = factorNamed(factor.name);
    if (!known)
        return Error(Errc::InvalidArgument, "--vary: '" + factor.name + "' is not a factor the lab varies; it varies " +
                                                knownFactors());
    factor.levels = splitLevels(text.substr(eq + 1));
    std::set<std::string> seen;
    for (const auto& level : factor.levels) {
        if (level.empty())
            return Error(Errc::InvalidArgument, "--vary " + factor.name + ": an empty level in '" + text +
                                                    "'; levels are separated by single commas (" + known->levels + ")");
        if (!seen.insert(level).second)
            return Error(Errc::InvalidArgument, "--vary " + factor.name + ": '" + level + "' is given twice");
        // Each level as the job will take it: a level a job would refuse is
        // refused here, before anything runs.
        SyncOptions probe;
        if (Status applied = applyOptionSetting(probe, labLevelSetting(factor.name, level)); !applied)
            return Error(Errc::InvalidArgument, "--vary " + factor.name + "=" + level + ": " + applied.error().message);
        if (Status valid = validateOptions(probe); !valid)
            return Error(Errc::InvalidArgument, "--vary " + factor.name + "=" + level + ": " + valid.error().message);
    }
    return factor;
}

std::vector<LabSetting> labSettings(const std::vector<LabFactor>& factors)
{
    if (factors.empty()) return {};
    for (const auto& f : factors)
        if (f.levels.empty()) return {};
    std::vector<LabSetting> out;
    std::vector<size_t> at(factors.size(), 0);
    while (true) {
        LabSetting s;
        for (size_t i = 0; i < factors.size(); ++i) {
            const std::string& level = factors[i].levels[at[i]];
            s.levels.emplace_back(factors[i].name, level);
            s.label += (s.label.empty() ? "" : " ") + factors[i].name + "=" + level;
            s.options += (s.options.empty() ? "" : " ") + labLevelSetting(factors[i].name, level);
        }
        out.push_back(std::move(s));
        // The last factor's levels vary fastest.
        size_t i = factors.size();
        while (i > 0) {
            --i;
            if (++at[i] < factors[i].levels.size()) break;
            at[i] = 0;
            if (i == 0) return out;
        }
    }
}

Result<SyncOptions> labSettingOptions(const SyncOptions& base, const LabSetting& setting)
{
    SyncOptions options = base;
    for (const auto& [factor, level] : setting.levels) FG_TRY(applyOptionSetting(options, labLevelSetting(factor, level)));
    FG_TRY(validateOptions(options));
    return options;
}

std::vector<LabSlot> labTrialOrder(size_t settings, unsigned runs, uint64_t seed)
{
    std::vector<LabSlot> order;
    if (settings == 0) return order;
    std::mt19937_64 rng(seed);
    std::vector<size_t> round(settings);
    for (unsigned run = 1; run <= runs; ++run) {
        for (size_t i = 0; i < settings; ++i) round[i] = i;
        // Fisher-Yates with the generator's own numbers (std::shuffle's
        // steps differ between standard libraries; a seed should mean one order).
        for (size_t i = settings - 1; i > 0; --i) std::swap(round[i], round[size_t(rng() % (i + 1))]);
        // Never the same setting twice in a row across rounds: back to back,
        // the second would inherit the first's warm caches and windows.
        if (!order.empty() && settings > 1 && round.front() == order.back().setting) std::swap(round[0], round[1]);
        for (size_t s : round) order.push_back({s, run});
    }
    return order;
}

double estimateLabSeconds(size_t settings, unsigned runs, bool warmUp, uint64_t workloadBytes, double expectedRate,
                          double overheadSeconds)
{
    if (expectedRate <= 0) return 0;
    const double trials = double(settings) * runs + (warmUp ? 1 : 0);
    return trials * (double(workloadBytes) / expectedRate + overheadSeconds);
}

} // namespace fg
