#pragma once
#include "internal.h"
// A job whose connections to its daemon dropped goes on by reconnecting
// (--retry-for): which failures a new connection can mend, when a retry
// would do harm, and how long to wait between tries.

#include <floodgate/error.h>
#include <floodgate/options.h>

#include <chrono>
#include <string>

namespace fg {

// A failure of the connection rather than of the job: the link went down,
// the daemon restarted or is at its limit for now, the far end went silent.
// What the far end refused (a path, a full disk, a pairing) is not.
bool reconnectCanMend(const Error& error);

// Why a job with these options must not be run a second time on its own
// ("" when it may): with --remove-source-files and --delete, a file sent
// and removed from the source before the drop would be missing from the
// second run's list, and --delete would then remove its only copy.
std::string whyNotRetried(const SyncOptions& options);

// The wait before reconnect try n (1-based): 1, 2, 4, 8, 16, then 30 s, so a
// restart a few seconds long costs seconds, and a long outage costs a try
// twice a minute.
std::chrono::milliseconds reconnectDelay(unsigned attempt);

} // namespace fg
