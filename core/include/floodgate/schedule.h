#pragma once
// When a saved job runs by itself, in words a person writes ("daily 02:00",
// "Mon-Fri 18:30", "every 4h"), and the systemd timer that runs it: a user
// timer (a system one for root) whose service runs `floodgate job run
// --scheduled NAME`, so each run lands in the history as the schedule's.

#include <floodgate/error.h>

#include <floodgate/saved_jobs.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fg {

struct Schedule {
    enum class Kind : uint8_t { EveryMinutes, EveryHours, Days, Monthly };
    Kind kind = Kind::Days;
    unsigned every = 0;       // EveryMinutes (1-59), EveryHours (1-23)
    uint8_t days = 0x7f;      // Days: bit 0 = Monday ... bit 6 = Sunday
    uint16_t minuteOfDay = 0; // Days, Monthly: the time of day
    uint8_t dayOfMonth = 1;   // Monthly (1-28: every month has it)
    bool operator==(const Schedule&) const = default;
};

// Reads: "hourly", "every 15m", "every 4h", "daily" (00:00), "daily 02:00",
// "02:00" (daily), "Mon-Fri 18:30", "Sat,Sun 09:00", "weekly" (Mon 00:00),
// "weekly Sun 03:00", "monthly" (the 1st, 00:00), "monthly 15 04:00".
// The error names what is wrong and shows these forms.
Result<Schedule> parseSchedule(std::string_view text);
// The schedule in the same words ("Mon-Fri 18:30"), which parseSchedule() reads back.
std::string scheduleText(const Schedule& schedule);
// systemd's OnCalendar= for it ("Mon..Fri *-*-* 18:30:00").
std::string systemdCalendar(const Schedule& schedule);

// The timer of a saved job: its unit name and the two unit files.
struct TimerUnits {
    std::string name;    // "floodgate-job-photos" (systemd-escaped), without .timer/.service
    std::string service; // the .service file's text
    std::string timer;   // the .timer file's text
};
// `floodgatePath`: the floodgate binary the service runs; `stateDir`: set
// as FLOODGATE_HOME for it when not empty (a job store other than the default).
TimerUnits timerUnitsFor(const std::string& jobName, const Schedule& schedule, const std::string& floodgatePath,
                         const std::string& stateDir);
// The units' name for a job: "floodgate-job-" and the name, systemd-escaped.
std::string timerUnitName(std::string_view jobName);
// systemd-escape of a unit name's part: [A-Za-z0-9:_.] as they are, '/' as '-', the rest as \xNN.
std::string systemdEscape(std::string_view text);

} // namespace fg

namespace fg {

// Where a job's timer goes and how systemd is told: root's in
// /etc/systemd/system (`systemctl`), anyone else's in
// $XDG_CONFIG_HOME/systemd/user (`systemctl --user`).
// FLOODGATE_SYSTEMD_UNIT_DIR and FLOODGATE_SYSTEMCTL (a command) put them
// elsewhere (tests; a machine whose systemd is reached differently).
struct TimerPlace {
    std::string unitDir;
    std::vector<std::string> systemctl; // the command, with --user where it is the user's
};
TimerPlace timerPlaceHere();

// Writes the job's timer and service and starts the timer. When the files
// are written but systemd cannot be told (no user session bus, no systemd),
// the error says so and gives the command to run where it can.
Status installTimer(const std::string& jobName, const Schedule& schedule, const std::string& stateDir);
// Stops and removes the job's timer; fine when it has none.
Status removeTimer(const std::string& jobName);

// When the saved job `name` of `stateDir` (empty: the default) runs by
// itself: the schedule written into its file first (the GUI and `job list`
// show it, and an install that fails halfway is retried by setting it
// again), then its timer installed. nullopt: only when asked (the timer
// removed first, then the schedule). Returns the job as saved.
Result<SavedJob> setJobSchedule(const std::string& stateDir, std::string_view name,
                                const std::optional<Schedule>& schedule);

} // namespace fg
