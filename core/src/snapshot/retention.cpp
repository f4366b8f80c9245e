#include "snapshot/retention.h"

#include <algorithm>
#include <optional>

namespace fg::snapshot {

std::vector<Verdict> applyRetention(const std::vector<std::string>& names, const SnapshotRetention& rule)
{
    std::vector<std::pair<Stamp, std::string>> dated;
    for (const auto& name : names)
        if (auto stamp = parseName(name)) dated.emplace_back(*stamp, name);
    std::sort(dated.begin(), dated.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<Verdict> sorted;
    for (const auto& [stamp, name] : dated) sorted.push_back({name, false, {}});
    if (sorted.empty()) return sorted;

    auto keep = [&](size_t i, const char* why) {
        sorted[i].keep = true;
        sorted[i].reasons.emplace_back(why);
    };
    keep(0, "newest");
    if (!rule.any()) {
        for (size_t i = 1; i < sorted.size(); ++i) keep(i, "no rule");
        return sorted;
    }
    for (size_t i = 0; i < sorted.size() && i < rule.last; ++i) keep(i, "last");
    // The newest snapshot of each of the latest `count` periods that have one.
    auto byPeriod = [&](uint32_t count, long (*period)(const Stamp&), const char* why) {
        std::optional<long> current;
        uint32_t kept = 0;
        for (size_t i = 0; i < sorted.size() && kept < count; ++i) {
            const long p = period(dated[i].first);
            if (current && *current == p) continue;
            current = p;
            keep(i, why);
            ++kept;
        }
    };
    byPeriod(rule.daily, dayNumber, "daily");
    byPeriod(rule.weekly, weekNumber, "weekly");
    byPeriod(rule.monthly, monthNumber, "monthly");
    return sorted;
}

std::string describe(const SnapshotRetention& rule)
{
    std::string out;
    auto add = [&](const char* what, uint32_t n) {
        if (!n) return;
        if (!out.empty()) out += ", ";
        out += what + std::string(" ") + std::to_string(n);
    };
    add("last", rule.last);
    add("daily", rule.daily);
    add("weekly", rule.weekly);
    add("monthly", rule.monthly);
    return out.empty() ? std::string("keep all") : out;
}

} // namespace fg::snapshot
