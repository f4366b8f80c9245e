// A saved job's schedule as one step for the CLI and the GUI: the job file
// and the timer kept in agreement.

#include <floodgate/saved_jobs.h>
#include <floodgate/schedule.h>

namespace fg {

Result<SavedJob> setJobSchedule(const std::string& stateDir, std::string_view name,
                                const std::optional<Schedule>& schedule)
{
    const JobStore store = JobStore::inStateDir(stateDir);
    FG_TRY_ASSIGN(SavedJob job, store.load(name));
    if (!schedule) {
        FG_TRY(removeTimer(job.name));
        job.schedule.clear();
        FG_TRY(store.replace(job));
        return job;
    }
    job.schedule = scheduleText(*schedule);
    FG_TRY(store.replace(job));
    FG_TRY(installTimer(job.name, *schedule, stateDir));
    return job;
}

} // namespace fg
