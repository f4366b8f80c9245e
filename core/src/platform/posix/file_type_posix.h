#pragma once
#include "internal.h"
// What kind of file a POSIX mode says, for the stat and statx callers of posix/.

#include "platform/fs.h"

#include <sys/stat.h>

namespace fg::platform {

inline FileType fileTypeOf(mode_t mode)
{
    if (S_ISREG(mode)) return FileType::Regular;
    if (S_ISDIR(mode)) return FileType::Directory;
    if (S_ISLNK(mode)) return FileType::Symlink;
    return FileType::Other;
}

} // namespace fg::platform
