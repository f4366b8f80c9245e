#pragma once
#include "internal.h"
// What `floodgate probe` measured of the way to a daemon, kept in the state
// directory ("links": one line "host:port/push bytes/s min-rtt-us unix-time"
// per target and direction: a link may be faster one way), so that a later job to it knows the path's capacity: the
// diagnosis then sizes its buffer fixes from the real bandwidth-delay
// product and can tell one connection that leaves the link half empty.
// A missing, unreadable or malformed file is no memory, never an error.

#include <floodgate/error.h>

#include <cstdint>
#include <optional>
#include <string>

namespace fg::net {

struct RememberedLink {
    uint64_t bytesPerSec = 0; // the best the probe saw (several connections)
    uint32_t minRttUs = 0;
    int64_t measuredAt = 0;   // seconds since the epoch
};

inline constexpr const char* kLinksFileName = "links";
// How long a measurement is trusted: links change (a new router, a new plan).
inline constexpr int64_t kLinkMemorySec = 7 * 24 * 3600;

// "host:port/push" or "host:port/pull": what a probe measured is one direction's.
inline std::string linkKey(const std::string& hostPort, bool pull) { return hostPort + (pull ? "/pull" : "/push"); }

Status rememberLink(const std::string& stateDir, const std::string& key, const RememberedLink& link);

// The measurement for `key` (linkKey) if it is at most maxAgeSec old.
std::optional<RememberedLink> recallLink(const std::string& stateDir, const std::string& key, int64_t maxAgeSec);

} // namespace fg::net
