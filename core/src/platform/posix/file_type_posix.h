#pragma once
#include "internal.h"
// What a POSIX stat says: the kind of file, and the FileInfo the stat callers
// of posix/ return.

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

inline int64_t toNs(const struct timespec& ts) { return int64_t(ts.tv_sec) * 1000000000LL + ts.tv_nsec; }

inline FileInfo toInfo(const struct stat& st)
{
    FileInfo info;
    info.type = fileTypeOf(st.st_mode);
    info.size = info.type == FileType::Directory ? 0 : uint64_t(st.st_size);
    info.mtimeNs = toNs(st.st_mtim);
    info.mode = st.st_mode & 07777;
    info.device = st.st_dev;
    info.inode = st.st_ino;
    info.links = uint32_t(st.st_nlink);
    info.uid = st.st_uid;
    info.gid = st.st_gid;
    return info;
}

} // namespace fg::platform
