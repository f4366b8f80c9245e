// The exit codes a job ends with, rsync's where they mean the same
// (README.md, "Exit codes").

#include <floodgate/job.h>

namespace fg {

int exitCodeFor(const JobResult& result)
{
    switch (result.state) {
    case JobState::Cancelled: return 20;
    case JobState::Failed:
        switch (result.fatal.code) {
        // Usage errors are caught before a job exists (Job::create); one that
        // comes up while the job runs is about a path: source or destination.
        case Errc::InvalidArgument:
        case Errc::NameCollision:
        case Errc::UnholdableName:
        case Errc::DeleteLimit:
        case Errc::NotFound:
        case Errc::PermissionDenied:
        case Errc::UnsafePath: return 3;
        case Errc::NotPaired:
        case Errc::AuthFailed:
        case Errc::ReadOnly: return 5;
        case Errc::NoSpace:
        case Errc::Io:
        case Errc::Vanished:
        case Errc::VerifyFailed: return 11;
        case Errc::Network:
        case Errc::Tls: return 10;
        case Errc::Protocol: return 12;
        case Errc::Timeout: return 30;        // rsync's "timeout in data send/receive"
        case Errc::ConnectTimeout: return 35; // rsync's "timeout waiting for daemon connection"
        case Errc::Busy: return 15;           // a retry later may work: its own code for scripts
        case Errc::Cancelled: return 20;
        case Errc::Ok:
        case Errc::Internal: return 14;
        }
        return 14;
    default: break;
    }
    if (result.errors.empty()) return 0;
    // rsync's 25: --max-delete held deletions back, and nothing else failed.
    bool deleteLimitOnly = true;
    for (const auto& e : result.errors) deleteLimitOnly = deleteLimitOnly && e.error.code == Errc::DeleteLimit;
    if (deleteLimitOnly) return 25;
    return result.vanishedOnly ? 24 : 23;
}

} // namespace fg
