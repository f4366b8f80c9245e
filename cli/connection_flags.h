#pragma once
// The options that say how a target is reached, shared by the commands that
// reach one without being a sync (probe, lab): --cipher, --congestion,
// -e/--rsh, --remote-floodgate, --state-dir, --contimeout, --timeout.

#include "args.h"

#include <floodgate/options.h>

#include <optional>
#include <string>
#include <vector>

namespace fg::cli {

std::vector<OptionSpec> connectionOptionSpecs();

// Their lines for a command's --help.
extern const char* const kConnectionOptionsHelp;

// Applies one parsed option if it is one of them: nullopt when it is not,
// "" when applied, else the usage error.
std::optional<std::string> applyConnectionOption(const ParsedOption& option, SyncOptions& connection);

// "3", "2.5": seconds from more than 0 up to 600 (what --time, --contimeout
// and --timeout take).
bool parseSeconds(const std::string& text, double* out);

} // namespace fg::cli
