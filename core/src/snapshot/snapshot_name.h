#pragma once
#include "internal.h"
// The names of --snapshot's folders: YYYY-MM-DD_HHMMSS in the receiving
// machine's local time (sorted by name, they are sorted by time; no ':' so
// that Windows and SMB shares hold them), and NAME.partial while one is
// being written or after a run that did not complete.

#include <optional>
#include <string>
#include <string_view>
#include <tuple>

namespace fg::snapshot {

struct Stamp {
    int year = 1970;
    int month = 1; // 1-12
    int day = 1;
    int hour = 0;
    int minute = 0;
    int second = 0;
    auto key() const { return std::tie(year, month, day, hour, minute, second); }
    bool operator==(const Stamp& o) const { return key() == o.key(); }
    bool operator<(const Stamp& o) const { return key() < o.key(); }
    bool operator>(const Stamp& o) const { return o < *this; }
};

inline constexpr std::string_view kPartialSuffix = ".partial";

std::string nameOf(const Stamp& stamp);
// The stamp a complete snapshot's name holds; nullopt for any other name
// (those are never touched: the folder may hold other things).
std::optional<Stamp> parseName(std::string_view name);
// The stamp of NAME.partial.
std::optional<Stamp> parsePartialName(std::string_view name);
// One second later, for a name already taken (two runs in one second).
Stamp nextSecond(const Stamp& stamp);

// Calendar periods, as whole numbers that compare equal within a period:
// the day, the week (Monday to Sunday) and the month a stamp falls in.
long dayNumber(const Stamp& stamp);
long weekNumber(const Stamp& stamp);
long monthNumber(const Stamp& stamp);
// Seconds since 1970 of the stamp read as UTC (for differences between stamps).
long long secondsOf(const Stamp& stamp);

} // namespace fg::snapshot
