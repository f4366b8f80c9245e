#include "snapshot/snapshot_name.h"

#include <chrono>
#include <cstdio>

namespace fg::snapshot {
namespace {

std::chrono::sys_days daysOf(const Stamp& s)
{
    using namespace std::chrono;
    return sys_days(year(s.year) / month(unsigned(s.month)) / day(unsigned(s.day)));
}

// Digits at [from, from + count) of `name`, or -1.
int digits(std::string_view name, size_t from, size_t count)
{
    int value = 0;
    for (size_t i = from; i < from + count; ++i) {
        if (name[i] < '0' || name[i] > '9') return -1;
        value = value * 10 + (name[i] - '0');
    }
    return value;
}

} // namespace

std::string nameOf(const Stamp& s)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d_%02d%02d%02d", s.year, s.month, s.day, s.hour, s.minute, s.second);
    return buf;
}

std::optional<Stamp> parseName(std::string_view name)
{
    // 2026-12-03_094512
    if (name.size() != 17 || name[4] != '-' || name[7] != '-' || name[10] != '_') return std::nullopt;
    Stamp s;
    s.year = digits(name, 0, 4);
    s.month = digits(name, 5, 2);
    s.day = digits(name, 8, 2);
    s.hour = digits(name, 11, 2);
    s.minute = digits(name, 13, 2);
    s.second = digits(name, 15, 2);
    if (s.year < 1970 || s.month < 1 || s.month > 12 || s.day < 1 || s.hour < 0 || s.hour > 23 || s.minute < 0
        || s.minute > 59 || s.second < 0 || s.second > 60)
        return std::nullopt;
    using namespace std::chrono;
    if (!(year(s.year) / month(unsigned(s.month)) / day(unsigned(s.day))).ok()) return std::nullopt;
    return s;
}

std::optional<Stamp> parsePartialName(std::string_view name)
{
    if (name.size() <= kPartialSuffix.size() || !name.ends_with(kPartialSuffix)) return std::nullopt;
    return parseName(name.substr(0, name.size() - kPartialSuffix.size()));
}

Stamp nextSecond(const Stamp& s)
{
    using namespace std::chrono;
    const auto t = daysOf(s) + hours(s.hour) + minutes(s.minute) + seconds(std::min(s.second, 59) + 1);
    const auto day = floor<days>(t);
    const year_month_day ymd(day);
    const hh_mm_ss time(t - day);
    return Stamp{int(ymd.year()), int(unsigned(ymd.month())), int(unsigned(ymd.day())), int(time.hours().count()),
                 int(time.minutes().count()), int(time.seconds().count())};
}

long dayNumber(const Stamp& s)
{
    return long(daysOf(s).time_since_epoch().count());
}

long weekNumber(const Stamp& s)
{
    // 1970-01-01 was a Thursday: shifted by three days, weeks start on Mondays.
    const long d = dayNumber(s) + 3;
    return d >= 0 ? d / 7 : (d - 6) / 7;
}

long long secondsOf(const Stamp& s)
{
    return static_cast<long long>(dayNumber(s)) * 86400 + s.hour * 3600 + s.minute * 60 + s.second;
}

long monthNumber(const Stamp& s)
{
    return long(s.year) * 12 + (s.month - 1);
}

} // namespace fg::snapshot
