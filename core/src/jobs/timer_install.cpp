// A saved job's systemd timer, written and started (or stopped and removed).

#include <floodgate/saved_jobs.h>
#include <floodgate/schedule.h>

#include "platform/fs.h"
#include "platform/process.h"

namespace fg {

namespace {

// Runs systemctl with `args`; empty on success, else what went wrong.
std::string runSystemctl(const TimerPlace& place, const std::vector<std::string>& args)
{
    std::vector<std::string> argv = place.systemctl;
    argv.insert(argv.end(), args.begin(), args.end());
    auto child = platform::ChildProcess::spawn(argv);
    if (!child.ok()) return "`" + shellQuoted(argv) + "`: " + child.error().message;
    child->input().close();
    char buf[4096];
    while (true) {
        auto n = child->output().read(buf, sizeof buf);
        if (!n.ok() || *n == 0) break;
    }
    const int status = child->wait();
    if (status == 0) return {};
    return "`" + shellQuoted(argv) + "` exited with " + std::to_string(status);
}

} // namespace

TimerPlace timerPlaceHere()
{
    TimerPlace place;
    const bool root = platform::mayChangeOwners(); // euid 0
    place.unitDir = platform::getEnv("FLOODGATE_SYSTEMD_UNIT_DIR");
    if (place.unitDir.empty()) {
        if (root) place.unitDir = "/etc/systemd/system";
        else {
            const std::string xdg = platform::getEnv("XDG_CONFIG_HOME");
            place.unitDir = (!xdg.empty() && xdg.front() == '/' ? xdg : platform::homeDirectory() + "/.config")
                            + "/systemd/user";
        }
    }
    const std::string command = platform::getEnv("FLOODGATE_SYSTEMCTL");
    if (!command.empty()) {
        if (auto words = platform::splitCommandLine(command); words.ok()) place.systemctl = std::move(words).value();
    }
    if (place.systemctl.empty()) place.systemctl = {"systemctl"};
    if (!root) place.systemctl.push_back("--user");
    return place;
}

Status installTimer(const std::string& jobName, const Schedule& schedule, const std::string& stateDir)
{
#ifdef _WIN32
    (void)jobName, (void)schedule, (void)stateDir;
    return Error(Errc::InvalidArgument, "schedules on Windows are not made by floodgate yet: in Task Scheduler, "
                                        "run `floodgate job run --scheduled NAME` when you want it");
#else
    const TimerPlace place = timerPlaceHere();
    const std::string self = platform::executablePath();
    if (self.empty()) return Error(Errc::Internal, "cannot tell where this floodgate binary is, for the timer to run it");
    // The job store the timer's run must read: this one's (FLOODGATE_HOME
    // when it is set), not whatever the service's environment would give.
    const std::string home = stateDir.empty() ? platform::getEnv("FLOODGATE_HOME") : stateDir;
    const TimerUnits units = timerUnitsFor(jobName, schedule, self, home);
    FG_TRY(platform::makeDirectories(place.unitDir, 0755));
    FG_TRY(platform::writeFileAtomic(place.unitDir + "/" + units.name + ".service", units.service, 0644));
    FG_TRY(platform::writeFileAtomic(place.unitDir + "/" + units.name + ".timer", units.timer, 0644));
    std::string why = runSystemctl(place, {"daemon-reload"});
    if (why.empty()) why = runSystemctl(place, {"enable", "--now", units.name + ".timer"});
    if (!why.empty())
        return Error(Errc::Io, "the timer is written (" + place.unitDir + "/" + units.name
                                   + ".timer) but systemd could not be told: " + why + "; where systemd runs for you, run `"
                                   + shellQuoted(place.systemctl) + " daemon-reload && " + shellQuoted(place.systemctl)
                                   + " enable --now " + shellQuoted({units.name + ".timer"}) + "`");
    return {};
#endif
}

Status removeTimer(const std::string& jobName)
{
#ifdef _WIN32
    (void)jobName;
    return {};
#else
    const TimerPlace place = timerPlaceHere();
    const std::string name = timerUnitName(jobName);
    const std::string timerPath = place.unitDir + "/" + name + ".timer";
    if (!platform::statPath(timerPath, false).ok()) return {};
    // Stopped first (a failure here is said, but the files still go: a
    // timer whose job is gone must not stay).
    const std::string why = runSystemctl(place, {"disable", "--now", name + ".timer"});
    FG_TRY_ASSIGN(platform::DirHandle dir, platform::DirHandle::open(place.unitDir));
    for (const char* suffix : {".timer", ".service"}) {
        Status st = dir.unlinkAt(name + suffix);
        if (!st && st.error().code != Errc::NotFound) return st;
    }
    if (const std::string reload = runSystemctl(place, {"daemon-reload"}); !why.empty() || !reload.empty())
        return Error(Errc::Io, "the timer's files are removed, but systemd could not be told: "
                                   + (why.empty() ? reload : why) + "; run `" + shellQuoted(place.systemctl)
                                   + " daemon-reload` where systemd runs for you");
    return {};
#endif
}

} // namespace fg
