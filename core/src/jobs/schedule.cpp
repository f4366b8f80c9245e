// A saved job's schedule: the words a person writes, and what systemd's
// timers take for them.

#include <floodgate/schedule.h>

#include <cstdio>
#include <vector>

namespace fg {

namespace {

const char* const kDayNames[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};

Error bad(std::string_view text, const std::string& why)
{
    return Error(Errc::InvalidArgument, "schedule '" + std::string(text) + "': " + why
                                            + " (write one of: hourly, every 15m, every 4h, daily 02:00, "
                                              "Mon-Fri 18:30, Sat,Sun 09:00, weekly Sun 03:00, monthly 15 04:00)");
}

std::vector<std::string> words(std::string_view text)
{
    std::vector<std::string> out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        size_t j = i;
        while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
        if (j > i) out.emplace_back(text.substr(i, j - i));
        i = j;
    }
    return out;
}

std::string lowered(std::string s)
{
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return s;
}

int dayIndex(const std::string& word)
{
    const std::string w = lowered(word);
    for (int d = 0; d < 7; ++d)
        if (w == lowered(kDayNames[d])) return d;
    return -1;
}

// "Mon", "Mon-Fri", "Sat,Sun", "Mon-Wed,Fri" -> a day mask; 0 when it is not days.
uint8_t dayMask(const std::string& word)
{
    uint8_t mask = 0;
    size_t start = 0;
    while (start <= word.size()) {
        size_t comma = word.find(',', start);
        const std::string part = word.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        start = comma == std::string::npos ? word.size() + 1 : comma + 1;
        const size_t dash = part.find('-');
        const int from = dayIndex(part.substr(0, dash));
        const int to = dash == std::string::npos ? from : dayIndex(part.substr(dash + 1));
        if (from < 0 || to < 0) return 0;
        for (int d = from;; d = (d + 1) % 7) {
            mask |= uint8_t(1u << d);
            if (d == to) break;
        }
    }
    return mask;
}

// "HH:MM" -> minutes since midnight, or -1.
int timeOfDay(const std::string& word)
{
    unsigned h = 0;
    unsigned m = 0;
    char extra = 0;
    if (word.size() < 4 || word.size() > 5 || std::sscanf(word.c_str(), "%2u:%2u%c", &h, &m, &extra) != 2) return -1;
    if (word[word.size() - 3] != ':' || h > 23 || m > 59) return -1;
    return int(h * 60 + m);
}

std::string twoDigits(unsigned n)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, "%02u", n % 100);
    return buf;
}

std::string clock(uint16_t minuteOfDay)
{
    return twoDigits(minuteOfDay / 60u) + ":" + twoDigits(minuteOfDay % 60u);
}

// A day mask as runs: "Mon-Fri", "Sat,Sun", "Mon,Wed,Fri"; `rangeSep` "-" for
// people, ".." for systemd.
std::string daysText(uint8_t days, const char* rangeSep)
{
    std::string out;
    for (int d = 0; d < 7;) {
        if (!(days & (1u << d))) {
            ++d;
            continue;
        }
        int e = d;
        while (e + 1 < 7 && (days & (1u << (e + 1)))) ++e;
        if (!out.empty()) out += ',';
        out += kDayNames[d];
        if (e == d + 1) out += std::string(",") + kDayNames[e];
        else if (e > d) out += rangeSep + std::string(kDayNames[e]);
        d = e + 1;
    }
    return out;
}

} // namespace

Result<Schedule> parseSchedule(std::string_view text)
{
    const std::vector<std::string> w = words(text);
    if (w.empty()) return bad(text, "it is empty");
    Schedule s;
    const std::string first = lowered(w[0]);
    auto timeAt = [&](size_t i, uint16_t& out) -> Status {
        if (i >= w.size()) return {};
        const int t = timeOfDay(w[i]);
        if (t < 0) return bad(text, "'" + w[i] + "' is not a time of day (HH:MM, 00:00 to 23:59)");
        out = uint16_t(t);
        if (i + 1 < w.size()) return bad(text, "'" + w[i + 1] + "' is one word too many");
        return {};
    };
    if (first == "hourly") {
        if (w.size() > 1) return bad(text, "hourly takes nothing after it");
        s.kind = Schedule::Kind::EveryHours;
        s.every = 1;
        return s;
    }
    if (first == "every") {
        if (w.size() != 2 || w[1].size() < 2) return bad(text, "every takes a number and m or h: every 15m, every 4h");
        const char unit = char(lowered(w[1]).back());
        unsigned n = 0;
        char extra = 0;
        if (std::sscanf(w[1].c_str(), "%u%c", &n, &extra) != 2 || (unit != 'm' && unit != 'h') || w[1].size() > 3)
            return bad(text, "'" + w[1] + "' is not a number of minutes or hours (15m, 4h)");
        if (unit == 'm' && (n < 1 || n > 59)) return bad(text, "every Nm takes 1 to 59 minutes (for more, use h)");
        if (unit == 'h' && (n < 1 || n > 23)) return bad(text, "every Nh takes 1 to 23 hours (for a day, use daily)");
        s.kind = unit == 'm' ? Schedule::Kind::EveryMinutes : Schedule::Kind::EveryHours;
        s.every = n;
        return s;
    }
    if (first == "daily") {
        s.days = 0x7f;
        FG_TRY(timeAt(1, s.minuteOfDay));
        return s;
    }
    if (first == "weekly") {
        s.days = 1; // Monday
        size_t i = 1;
        if (i < w.size() && timeOfDay(w[i]) < 0) {
            const int d = dayIndex(w[i]);
            if (d < 0) return bad(text, "'" + w[i] + "' is not a day (Mon, Tue, Wed, Thu, Fri, Sat, Sun)");
            s.days = uint8_t(1u << d);
            ++i;
        }
        FG_TRY(timeAt(i, s.minuteOfDay));
        return s;
    }
    if (first == "monthly") {
        s.kind = Schedule::Kind::Monthly;
        size_t i = 1;
        if (i < w.size() && timeOfDay(w[i]) < 0) {
            unsigned day = 0;
            char extra = 0;
            if (std::sscanf(w[i].c_str(), "%u%c", &day, &extra) != 1 || day < 1 || day > 28)
                return bad(text, "'" + w[i] + "' is not a day of the month from 1 to 28 (every month has those)");
            s.dayOfMonth = uint8_t(day);
            ++i;
        }
        FG_TRY(timeAt(i, s.minuteOfDay));
        return s;
    }
    if (timeOfDay(w[0]) >= 0) {
        FG_TRY(timeAt(0, s.minuteOfDay));
        return s;
    }
    if (const uint8_t mask = dayMask(w[0])) {
        if (w.size() < 2) return bad(text, "give the time as well: " + w[0] + " 18:30");
        s.days = mask;
        FG_TRY(timeAt(1, s.minuteOfDay));
        return s;
    }
    return bad(text, "'" + w[0] + "' is not a way to say when");
}

std::string scheduleText(const Schedule& s)
{
    switch (s.kind) {
    case Schedule::Kind::EveryMinutes: return "every " + std::to_string(s.every) + "m";
    case Schedule::Kind::EveryHours: return s.every == 1 ? "hourly" : "every " + std::to_string(s.every) + "h";
    case Schedule::Kind::Monthly: return "monthly " + std::to_string(s.dayOfMonth) + " " + clock(s.minuteOfDay);
    case Schedule::Kind::Days: break;
    }
    if ((s.days & 0x7f) == 0x7f) return "daily " + clock(s.minuteOfDay);
    return daysText(s.days, "-") + " " + clock(s.minuteOfDay);
}

std::string systemdCalendar(const Schedule& s)
{
    switch (s.kind) {
    case Schedule::Kind::EveryMinutes: return "*-*-* *:00/" + std::to_string(s.every) + ":00";
    case Schedule::Kind::EveryHours: return "*-*-* 00/" + std::to_string(s.every) + ":00:00";
    case Schedule::Kind::Monthly: return "*-*-" + twoDigits(s.dayOfMonth) + " " + clock(s.minuteOfDay) + ":00";
    case Schedule::Kind::Days: break;
    }
    const std::string when = "*-*-* " + clock(s.minuteOfDay) + ":00";
    if ((s.days & 0x7f) == 0x7f) return when;
    return daysText(s.days, "..") + " " + when;
}

std::string timerUnitName(std::string_view jobName) { return "floodgate-job-" + systemdEscape(jobName); }

std::string systemdEscape(std::string_view text)
{
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ':' || c == '_'
            || (c == '.' && i > 0);
        if (plain) out.push_back(char(c));
        else if (c == '/') out.push_back('-');
        else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        }
    }
    return out;
}

namespace {

// A word of ExecStart=: in double quotes, with what systemd gives a meaning
// there escaped ('\\', '"'), and '%' (a specifier) and '$' (a variable)
// doubled.
std::string execWord(const std::string& word)
{
    std::string out = "\"";
    for (char c : word) {
        if (c == '\\' || c == '"') out += '\\';
        if (c == '%') out += '%';
        if (c == '$') out += '$';
        out += c;
    }
    return out + "\"";
}

// An Environment= assignment, quoted: no variables are expanded there, but
// '%' is a specifier.
std::string environmentWord(const std::string& assignment)
{
    std::string out = "\"";
    for (char c : assignment) {
        if (c == '\\' || c == '"') out += '\\';
        if (c == '%') out += '%';
        out += c;
    }
    return out + "\"";
}

// A value of Description=: '%' is a specifier there too.
std::string unitValue(const std::string& text)
{
    std::string out;
    for (char c : text) {
        if (c == '%') out += '%';
        if (c == '\n' || c == '\r') continue;
        out += c;
    }
    return out;
}

} // namespace

TimerUnits timerUnitsFor(const std::string& jobName, const Schedule& schedule, const std::string& floodgatePath,
                         const std::string& stateDir)
{
    TimerUnits u;
    u.name = timerUnitName(jobName);
    u.service = "# Made by `floodgate job schedule`; `floodgate job unschedule` removes it.\n"
                "[Unit]\n"
                "Description=Floodgate saved job " + unitValue(jobName) + "\n"
                "Wants=network-online.target\n"
                "After=network-online.target\n"
                "\n"
                "[Service]\n"
                "Type=oneshot\n";
    if (!stateDir.empty()) u.service += "Environment=" + environmentWord("FLOODGATE_HOME=" + stateDir) + "\n";
    // A sync in the background yields the CPU and the disk to what the
    // user is doing.
    u.service += "Nice=10\n"
                 "IOSchedulingClass=best-effort\n"
                 "IOSchedulingPriority=7\n"
                 "ExecStart=" + execWord(floodgatePath) + " job run --scheduled " + execWord(jobName) + "\n";
    u.timer = "# Made by `floodgate job schedule`; `floodgate job unschedule` removes it.\n"
              "[Unit]\n"
              "Description=Floodgate saved job " + unitValue(jobName) + ", " + scheduleText(schedule) + "\n"
              "\n"
              "[Timer]\n"
              "OnCalendar=" + systemdCalendar(schedule) + "\n"
              // A run missed while the machine was off happens when it is next on.
              "Persistent=true\n"
              "Unit=" + u.name + ".service\n"
              "\n"
              "[Install]\n"
              "WantedBy=timers.target\n";
    return u;
}

} // namespace fg
