#pragma once
#include "internal.h"
// How this OS writes local paths, where that differs from POSIX: the
// command line's host:path rule must not misread a Windows path.

#include <string>
#include <string_view>

namespace fg::platform {

// Whether `text` is a local path written in this OS's own way that the
// host:path rule would take for a host: "C:\dir", "C:/dir", "D:relative",
// "\\nas\share\dir", "\\?\C:\dir" on Windows. Never on POSIX, where
// "c:dir" is host c's dir as in rsync.
bool isNativeLocalPath(std::string_view text);

// A local path with this OS's separators as '/', which the core uses
// throughout (Windows: '\' becomes '/', so "Pictures\" means "contents of"
// as "Pictures/" does). As it is on POSIX, where '\' is part of a name.
std::string portableLocalPath(std::string_view text);

} // namespace fg::platform
