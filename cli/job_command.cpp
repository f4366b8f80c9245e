// `floodgate job add|edit|list|show|remove|rename|run`: saved jobs, the same
// store the GUI's job list reads and writes (<state dir>/jobs/NAME.job), so a
// job made in either runs from the other, from cron or from a timer.

#include "commands.h"
#include "sync_flags.h"
#include "text.h"

#include <floodgate/json.h>
#include <floodgate/saved_jobs.h>
#include <floodgate/schedule.h>
#include <floodgate/system.h>

#include <cstdio>
#include <string>
#include <vector>

namespace fg::cli {

namespace {

const char* kJobHelp =
    "usage: floodgate job add NAME [SYNC-OPTIONS] SRC DST\n"
    "       floodgate job edit NAME [SYNC-OPTIONS] SRC DST\n"
    "       floodgate job run NAME [SYNC-OPTIONS]\n"
    "       floodgate job list [--json]\n"
    "       floodgate job show NAME\n"
    "       floodgate job rename NAME NEW-NAME\n"
    "       floodgate job remove NAME\n"
    "       floodgate job schedule NAME WHEN\n"
    "       floodgate job unschedule NAME\n"
    "\n"
    "A saved job is a name for a `floodgate sync` command line: `add` takes what `sync`\n"
    "takes and checks it, `run` runs it (with any options given after the name added to\n"
    "the saved ones: `floodgate job run photos -n --progress`), from a shell, cron or a\n"
    "systemd timer. Relative paths are saved as absolute ones, since the job runs from\n"
    "elsewhere later. `edit` replaces the command line. The GUI's job list is the same\n"
    "store: $FLOODGATE_HOME/jobs or ~/.config/floodgate/jobs, one NAME.job file each.\n"
    "A name may hold spaces and any letters; not / \\ : * ? \" < > |.\n"
    "\n"
    "`schedule` makes the job run by itself WHEN: hourly, every 15m, every 4h, daily 02:00,\n"
    "Mon-Fri 18:30, Sat,Sun 09:00, weekly Sun 03:00, monthly 15 04:00. It installs a systemd\n"
    "timer (a user timer, or a system one for root: floodgate-job-NAME.timer) that runs\n"
    "`floodgate job run --scheduled NAME`; a run missed while the machine was off happens when\n"
    "it is next on. Each run is in `floodgate history`. A user's timers run while the user is\n"
    "logged in, unless `loginctl enable-linger` lets them run always.\n";

int usage(const std::string& message)
{
    std::fprintf(stderr, "floodgate job: %s\n(see `floodgate job --help`)\n", message.c_str());
    return kUsageError;
}

int failure(const Error& error)
{
    std::fprintf(stderr, "floodgate job: %s\n", terminalSafe(error.message).c_str());
    return error.code == Errc::InvalidArgument || error.code == Errc::NotFound ? kUsageError : 3;
}

// SRC and DST, the two last words of a saved command line.
std::string endpointsText(const SavedJob& job)
{
    const auto& a = job.syncArgs;
    return a.size() < 2 ? std::string() : a[a.size() - 2] + " -> " + a.back();
}

// `job add` and `job edit`: the command line as it will run later.
int saveJob(const JobStore& store, const std::string& name, const std::vector<std::string>& syncArgs, bool isNew)
{
    if (Status st = checkJobName(name); !st) return failure(st.error());
    if (syncArgs.empty()) return usage("give the job's sync options, SRC and DST after its name");
    AnchoredArgs anchored = anchoredSyncArgs(syncArgs, currentDirectory());
    if (!anchored.error.empty()) {
        std::fprintf(stderr, "floodgate job %s: %s\n(a job takes what `floodgate sync` takes: see `floodgate sync --help`)\n",
                     isNew ? "add" : "edit", terminalSafe(anchored.error).c_str());
        return kUsageError;
    }
    SavedJob job{name, anchored.args, {}};
    if (!isNew) {
        auto old = store.load(name);
        if (!old.ok()) return failure(old.error());
        job.schedule = old->schedule;
    }
    Status st = isNew ? store.add(job) : store.replace(job);
    if (!st) return failure(st.error());
    std::printf("%s job '%s': floodgate sync %s\n", isNew ? "saved" : "changed", name.c_str(),
                terminalSafe(shellQuoted(job.syncArgs)).c_str());
    return 0;
}

int listJobs(const JobStore& store, bool json)
{
    auto listing = store.list();
    if (!listing.ok()) return failure(listing.error());
    for (const Error& e : listing->unreadable)
        std::fprintf(stderr, "floodgate job: %s\n", terminalSafe(e.message).c_str());
    if (json) {
        JsonWriter w;
        w.beginObject().key("jobs").beginArray();
        for (const SavedJob& j : listing->jobs) {
            w.beginObject().key("name").value(j.name).key("sync").beginArray();
            for (const std::string& a : j.syncArgs) w.value(a);
            w.endArray().key("schedule").value(j.schedule).endObject();
        }
        w.endArray().key("unreadable").beginArray();
        for (const Error& e : listing->unreadable) w.value(e.message);
        w.endArray().endObject();
        std::printf("%s\n", w.str().c_str());
        return listing->unreadable.empty() ? 0 : 3;
    }
    if (listing->jobs.empty() && listing->unreadable.empty())
        std::printf("no saved jobs yet: `floodgate job add NAME [OPTIONS] SRC DST` makes one\n");
    for (const SavedJob& j : listing->jobs) {
        std::printf("%-20s %s%s\n", terminalSafe(j.name).c_str(), terminalSafe(endpointsText(j)).c_str(),
                    j.schedule.empty() ? "" : ("  (" + terminalSafe(j.schedule) + ")").c_str());
    }
    return listing->unreadable.empty() ? 0 : 3;
}

int scheduleJob(const std::string& name, const std::vector<std::string>& after, bool on)
{
    if (!on) {
        if (!after.empty()) return usage("`job unschedule` takes only the job's name");
        auto job = setJobSchedule({}, name, std::nullopt);
        if (!job.ok()) return failure(job.error());
        std::printf("job '%s' runs only when asked now\n", terminalSafe(job->name).c_str());
        return 0;
    }
    if (after.empty()) return usage("say when: `floodgate job schedule " + shellQuoted({name}) + " \"daily 02:00\"`");
    std::string when;
    for (const std::string& w : after) when += (when.empty() ? "" : " ") + w;
    auto schedule = parseSchedule(when);
    if (!schedule.ok()) return usage(schedule.error().message);
    auto job = setJobSchedule({}, name, *schedule);
    if (!job.ok()) return failure(job.error());
    std::printf("job '%s' runs %s (timer %s.timer)\n", terminalSafe(job->name).c_str(), job->schedule.c_str(),
                timerUnitName(job->name).c_str());
    return 0;
}

} // namespace

int runJob(const std::vector<std::string>& args)
{
    if (args.empty()) return usage("give what to do: add, edit, run, list, show, rename or remove");
    const std::string& what = args[0];
    if (what == "--help" || what == "-h" || what == "help") {
        std::fputs(kJobHelp, stdout);
        return 0;
    }
    const JobStore store = JobStore::inStateDir({});
    std::vector<std::string> rest(args.begin() + 1, args.end());
    // `job run --scheduled NAME`: what a timer's unit runs; the history
    // records the run as the schedule's.
    bool scheduled = false;
    if (what == "run" && !rest.empty() && rest[0] == "--scheduled") {
        scheduled = true;
        rest.erase(rest.begin());
    }
    if (what == "list") {
        if (rest.size() > 1 || (rest.size() == 1 && rest[0] != "--json")) return usage("`job list` takes only --json");
        return listJobs(store, rest.size() == 1);
    }
    if (rest.empty()) return usage("`job " + what + "` needs the job's name");
    const std::string& name = rest[0];
    const std::vector<std::string> after(rest.begin() + 1, rest.end());
    if (what == "add" || what == "edit") return saveJob(store, name, after, what == "add");
    if (what == "show") {
        if (!after.empty()) return usage("`job show` takes only the job's name");
        auto job = store.load(name);
        if (!job.ok()) return failure(job.error());
        std::printf("job:      %s\nfile:     %s\ncommand:  floodgate sync %s\nschedule: %s\n", terminalSafe(job->name).c_str(),
                    terminalSafe(store.pathOf(job->name)).c_str(), terminalSafe(shellQuoted(job->syncArgs)).c_str(),
                    job->schedule.empty() ? "none (runs when asked)" : terminalSafe(job->schedule).c_str());
        return 0;
    }
    if (what == "schedule" || what == "unschedule") return scheduleJob(name, after, what == "schedule");
    if (what == "remove") {
        if (!after.empty()) return usage("`job remove` takes only the job's name");
        if (auto job = store.load(name); job.ok() && !job->schedule.empty()) {
            // The timer first: one left behind would run a job that is gone.
            if (Status st = removeTimer(job->name); !st) return failure(st.error());
        }
        if (Status st = store.remove(name); !st) return failure(st.error());
        std::printf("removed job '%s'\n", terminalSafe(name).c_str());
        return 0;
    }
    if (what == "rename") {
        if (after.size() != 1) return usage("`job rename` takes the job's name and its new one");
        auto job = store.load(name);
        if (!job.ok()) return failure(job.error());
        if (!job->schedule.empty()) {
            if (Status st = removeTimer(job->name); !st) return failure(st.error());
        }
        if (Status st = store.rename(name, after[0]); !st) return failure(st.error());
        if (!job->schedule.empty()) {
            // The timer runs the job by name: the new one's timer, the same schedule.
            if (Status st = installTimer(after[0], parseSchedule(job->schedule).value(), {}); !st)
                return failure(st.error());
        }
        std::printf("job '%s' is now '%s'\n", terminalSafe(name).c_str(), terminalSafe(after[0]).c_str());
        return 0;
    }
    if (what == "run") {
        auto job = store.load(name);
        if (!job.ok()) return failure(job.error());
        // The options given here go after the saved ones (a later --bwlimit
        // wins) and before SRC and DST.
        std::vector<std::string> line = job->syncArgs;
        insertBeforeEndpoints(line, after);
        return runSyncAs(line, RunOrigin{job->name, scheduled ? "schedule" : "cli"});
    }
    return usage("'" + what + "' is not something `job` does: add, edit, run, list, show, rename or remove");
}

} // namespace fg::cli
