// Option values written back as text that their parsers read to the same
// value: a saved job stores its options as the command line that makes them.

#include <floodgate/options.h>

#include <cstdio>
#include <string>
#include <vector>

namespace fg {

namespace {

std::string twoDigits(int n)
{
    return std::string(1, char('0' + n / 10)) + char('0' + n % 10);
}

std::string timeText(int minute)
{
    return twoDigits(minute / 60) + ":" + twoDigits(minute % 60);
}

// A day mask as runs the parser reads ("Mon-Fri", "Sat-Sun", "Sun-Mon"); one
// empty string for every day (no day word). A mask that is not one run
// becomes several, each its own rule with the same times and rate: the same
// timetable, since the runs do not overlap.
std::vector<std::string> dayRuns(uint8_t days)
{
    static const char* const kDays[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    days &= 0x7f;
    if (days == 0x7f) return {std::string()};
    if (days == 0) return {};
    auto on = [days](int d) { return (days >> ((d + 7) % 7)) & 1u; };
    // Start at a day whose day before is off, so a run across Sunday night stays whole.
    int start = 0;
    while (!(on(start) && !on(start - 1))) ++start;
    std::vector<std::string> out;
    for (int i = 0; i < 7;) {
        const int from = (start + i) % 7;
        if (!on(from)) {
            ++i;
            continue;
        }
        int j = i;
        while (j + 1 < 7 && on(start + j + 1)) ++j;
        const int to = (start + j) % 7;
        out.push_back(from == to ? std::string(kDays[from]) : std::string(kDays[from]) + "-" + kDays[to]);
        i = j + 1;
    }
    return out;
}

} // namespace

std::string binaryQuantityText(uint64_t value)
{
    if (value == 0) return {};
    static constexpr struct {
        uint64_t unit;
        char suffix;
    } kUnits[] = {{uint64_t(1) << 40, 'T'}, {uint64_t(1) << 30, 'G'}, {uint64_t(1) << 20, 'M'}, {uint64_t(1) << 10, 'k'}};
    for (const auto& u : kUnits) {
        // At most three decimals, which the parsers read exactly (they keep six).
        if (value >= u.unit && value <= UINT64_MAX / 1000 && (value * 1000) % u.unit == 0) {
            const uint64_t thousandths = value * 1000 / u.unit;
            std::string text = std::to_string(thousandths / 1000);
            if (uint64_t frac = thousandths % 1000) {
                char digits[8];
                std::snprintf(digits, sizeof digits, ".%03u", unsigned(frac));
                std::string f = digits;
                while (f.back() == '0') f.pop_back();
                text += f;
            }
            return text + u.suffix;
        }
    }
    return std::to_string(value) + "B";
}

std::string rateScheduleText(const RateSchedule& schedule)
{
    std::string out;
    for (const RateRule& rule : schedule.rules) {
        std::string times;
        if (rule.startMinute != 0 || rule.endMinute != 1440)
            times = timeText(rule.startMinute) + "-" + timeText(rule.endMinute);
        // "off" rather than "0": the parser reads both, and a person reads "off" right.
        const std::string rate = rule.bytesPerSec == 0 ? "off" : binaryQuantityText(rule.bytesPerSec);
        for (const std::string& days : dayRuns(rule.days)) {
            if (!out.empty()) out += ", ";
            if (!days.empty()) out += days + " ";
            if (!times.empty()) out += times + " ";
            out += rate;
        }
    }
    return out;
}

} // namespace fg
