#include <floodgate/job.h>
#include <floodgate/metrics.h>

namespace fg {

const char* jobStateName(JobState state)
{
    switch (state) {
    case JobState::Pending: return "pending";
    case JobState::Connecting: return "connecting";
    case JobState::Reconnecting: return "reconnecting";
    case JobState::Scanning: return "scanning";
    case JobState::Planning: return "planning";
    case JobState::Transferring: return "transferring";
    case JobState::Finishing: return "finishing";
    case JobState::Done: return "done";
    case JobState::Failed: return "failed";
    case JobState::Cancelled: return "cancelled";
    }
    return "unknown";
}

const char* fileActionName(FileAction action)
{
    switch (action) {
    case FileAction::Copy: return "copy";
    case FileAction::Update: return "update";
    case FileAction::Unchanged: return "unchanged";
    case FileAction::Attrs: return "attrs";
    case FileAction::MkDir: return "mkdir";
    case FileAction::Symlink: return "symlink";
    case FileAction::Delete: return "delete";
    }
    return "unknown";
}

const char* transferMethodName(TransferMethod method)
{
    switch (method) {
    case TransferMethod::None: return "none";
    case TransferMethod::Whole: return "whole";
    case TransferMethod::Delta: return "delta";
    }
    return "unknown";
}

} // namespace fg
