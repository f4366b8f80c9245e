#include "job/reconnect_policy.h"

#include <algorithm>

namespace fg {

bool reconnectCanMend(const Error& error)
{
    switch (error.code) {
    case Errc::Network:        // cut, reset, refused while the daemon restarts
    case Errc::Timeout:        // silent for --timeout (or the default limit)
    case Errc::ConnectTimeout: // no answer yet while reconnecting
    case Errc::Busy:           // the daemon's places are taken for now
    case Errc::Tls:            // a record broken in transit; a new session is authenticated afresh
        return true;
    default:
        return false;
    }
}

std::string whyNotRetried(const SyncOptions& options)
{
    if (options.transfer.removeSourceFiles && options.transfer.deleteExtraneous)
        return "not reconnecting: with --remove-source-files and --delete, a second run would delete files "
               "already moved; run the sync again without --delete to finish it";
    return {};
}

std::chrono::milliseconds reconnectDelay(unsigned attempt)
{
    constexpr unsigned kLongestSec = 30;
    const unsigned shift = std::min(attempt > 0 ? attempt - 1 : 0u, 5u);
    return std::chrono::seconds(std::min(1u << shift, kLongestSec));
}

} // namespace fg
