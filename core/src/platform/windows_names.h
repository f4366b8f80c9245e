#pragma once
#include "internal.h"
// Names that Windows file systems (NTFS, FAT, exFAT, and SMB shares served
// from them) cannot hold, though Linux can: for a message that says which
// rule a refused name broke, and for the Windows platform layer, which
// refuses to create them. Pure functions, the same on every OS.

#include <string>
#include <string_view>

namespace fg::platform {

// Why such a file system would refuse `name`, in a few words ("it holds a
// '\\'", "it ends in a dot", "CON is a reserved device name"); empty when it
// breaks none of their rules.
std::string windowsNameProblem(std::string_view name);

} // namespace fg::platform
