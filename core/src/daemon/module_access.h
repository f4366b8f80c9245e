#pragma once
#include "internal.h"
// Which paired clients may use a module (floodgate.conf's `read =` and
// `write =`, ModuleConfig::readers and ::writers).

#include <floodgate/server.h>

#include <string>

namespace fg {

enum class ModuleAccess {
    None,      // the client does not see the module
    Read,      // it may be a source for this client
    ReadWrite, // a source or a destination (unless the module is read-only)
};

// What the client with this fingerprint and name (empty if it has none) may
// do with `module`. A list entry is "*" (every paired client), a fingerprint
// or its start ("SHA256:..."), or a name (letter case aside).
ModuleAccess moduleAccess(const ModuleConfig& module, const std::string& fingerprint, const std::string& name);

} // namespace fg
