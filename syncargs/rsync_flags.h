#pragma once
// rsync's own option names, so that one Floodgate does not know yet is
// refused as "not supported yet" rather than read as a typo, and never
// silently ignored: a cron job written for rsync must fail loudly until the
// flag does what rsync's does.

#include <string_view>

namespace fg::cli {

// Whether `name` (without "--") is an option of rsync 3.2's.
bool isRsyncLongOption(std::string_view name);
// rsync's long name for a short option, or nullptr when rsync has none.
const char* rsyncLongNameOf(char shortName);

} // namespace fg::cli
