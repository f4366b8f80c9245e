#include "platform/fs.h"
#include "platform/posix/file_type_posix.h"
#include "platform/process.h"
#include "platform/windows_names.h"

#include <cerrno>
#include <cstdio> // renameat2, RENAME_NOREPLACE
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <pwd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <fstream>

namespace fg::platform {
namespace {

// The names a caller gives to *At() functions must be single components:
// anything else would let a '/' walk past the checks done on each component.
bool isSingleComponent(std::string_view name)
{
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string_view::npos
        && name.find('\0') == std::string_view::npos;
}

Error badComponent(std::string_view name)
{
    return Error(Errc::UnsafePath, "not a single path component: '" + std::string(name) + "'");
}

struct timespec fromNs(int64_t ns)
{
    struct timespec ts{};
    ts.tv_sec = ns / 1000000000LL;
    ts.tv_nsec = ns % 1000000000LL;
    if (ts.tv_nsec < 0) {
        ts.tv_nsec += 1000000000LL;
        ts.tv_sec -= 1;
    }
    return ts;
}

std::string nameStr(std::string_view name) { return std::string(name); }

// The times futimens/utimensat are given: the access time now, the
// modification time as asked. Not UTIME_OMIT for the access time: FUSE file
// systems such as exfat-fuse and fusefat then drop the modification time as
// well, so it never sticks and every run sends every file again.
void stampTimes(struct timespec times[2], int64_t mtimeNs)
{
    ::clock_gettime(CLOCK_REALTIME, &times[0]);
    times[1] = fromNs(mtimeNs);
}

} // namespace

// ---- FileHandle ------------------------------------------------------------

FileHandle::FileHandle(FileHandle&& other) noexcept : m_fd(other.m_fd), m_path(std::move(other.m_path))
{
    other.m_fd = -1;
}

FileHandle& FileHandle::operator=(FileHandle&& other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0) ::close(m_fd);
        m_fd = other.m_fd;
        m_path = std::move(other.m_path);
        other.m_fd = -1;
    }
    return *this;
}

FileHandle::~FileHandle()
{
    if (m_fd >= 0) ::close(m_fd);
}

Result<size_t> FileHandle::read(void* buffer, size_t n)
{
    return readExpecting(buffer, n, UINT64_MAX);
}

Result<size_t> FileHandle::readExpecting(void* buffer, size_t n, uint64_t expectedSize)
{
    size_t got = 0;
    auto* out = static_cast<char*>(buffer);
    while (got < n && got != expectedSize) {
        ssize_t r = ::read(m_fd, out + got, n - got);
        if (r < 0) {
            if (errno == EINTR) continue;
            return sysError(errno, "read " + m_path);
        }
        if (r == 0) break;
        got += size_t(r);
    }
    return got;
}

Result<size_t> FileHandle::pread(void* buffer, size_t n, uint64_t offset)
{
    size_t got = 0;
    auto* out = static_cast<char*>(buffer);
    while (got < n) {
        ssize_t r = ::pread(m_fd, out + got, n - got, off_t(offset + got));
        if (r < 0) {
            if (errno == EINTR) continue;
            return sysError(errno, "read " + m_path);
        }
        if (r == 0) break;
        got += size_t(r);
    }
    return got;
}

Status FileHandle::writeAll(const void* data, size_t n)
{
    const auto* in = static_cast<const char*>(data);
    while (n > 0) {
        ssize_t w = ::write(m_fd, in, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return sysError(errno, "write " + m_path);
        }
        in += w;
        n -= size_t(w);
    }
    return {};
}

Status FileHandle::pwriteAll(const void* data, size_t n, uint64_t offset)
{
    const auto* in = static_cast<const char*>(data);
    while (n > 0) {
        ssize_t w = ::pwrite(m_fd, in, n, off_t(offset));
        if (w < 0) {
            if (errno == EINTR) continue;
            return sysError(errno, "write " + m_path);
        }
        in += w;
        n -= size_t(w);
        offset += uint64_t(w);
    }
    return {};
}

Result<FileInfo> FileHandle::stat() const
{
    struct stat st{};
    if (::fstat(m_fd, &st) != 0) return sysError(errno, "stat " + m_path);
    return toInfo(st);
}

Status FileHandle::setModifyTime(int64_t mtimeNs)
{
    struct timespec times[2];
    stampTimes(times, mtimeNs);
    if (::futimens(m_fd, times) != 0) return sysError(errno, "set time of " + m_path);
    return {};
}

Status FileHandle::setOwner(uint32_t uid, uint32_t gid)
{
    if (::fchown(m_fd, uid_t(uid), gid_t(gid)) != 0) return sysError(errno, "chown " + m_path);
    return {};
}

Status FileHandle::setMode(uint32_t mode)
{
    if (::fchmod(m_fd, mode_t(mode)) != 0) return sysError(errno, "chmod " + m_path);
    return {};
}

Status FileHandle::preallocate(uint64_t size)
{
    if (size == 0) return {};
#if defined(__linux__)
    int rc = ::posix_fallocate(m_fd, 0, off_t(size));
    if (rc == 0 || rc == EOPNOTSUPP || rc == EINVAL) return {};
    return sysError(rc, "reserve space for " + m_path);
#else
    return {};
#endif
}

Status FileHandle::truncate(uint64_t size)
{
    if (::ftruncate(m_fd, off_t(size)) != 0) return sysError(errno, "truncate " + m_path);
    return {};
}

Status FileHandle::sync()
{
    if (::fsync(m_fd) != 0) return sysError(errno, "fsync " + m_path);
    return {};
}

Status FileHandle::linkAs(const DirHandle& dir, std::string_view name) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    const std::string to = nameStr(name);
    // An open file by its descriptor: since Linux 6.10 open to its opener,
    // before that only to CAP_DAC_READ_SEARCH (ENOENT otherwise); through
    // /proc/self/fd, which any process may follow to its own file, then.
    if (::linkat(m_fd, "", dir.m_fd, to.c_str(), AT_EMPTY_PATH) == 0) return {};
    if (errno == ENOENT) {
        const std::string self = "/proc/self/fd/" + std::to_string(m_fd);
        if (::linkat(AT_FDCWD, self.c_str(), dir.m_fd, to.c_str(), AT_SYMLINK_FOLLOW) == 0) return {};
    }
    return sysError(errno, "name " + m_path + " as " + dir.childPath(name));
}

Result<bool> FileHandle::tryLockExclusive()
{
    if (::flock(m_fd, LOCK_EX | LOCK_NB) == 0) return true;
    if (errno == EWOULDBLOCK) return false;
    return sysError(errno, "lock " + m_path);
}

void FileHandle::adviseSequential()
{
#if defined(POSIX_FADV_SEQUENTIAL)
    ::posix_fadvise(m_fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
}

bool FileHandle::dropCachedPages()
{
#if defined(POSIX_FADV_DONTNEED)
    return ::posix_fadvise(m_fd, 0, 0, POSIX_FADV_DONTNEED) == 0;
#else
    return false;
#endif
}

Status FileHandle::close()
{
    if (m_fd < 0) return {};
    int fd = m_fd;
    m_fd = -1;
    if (::close(fd) != 0 && errno != EINTR) return sysError(errno, "close " + m_path);
    return {};
}

// ---- DirHandle -------------------------------------------------------------

DirHandle::DirHandle(DirHandle&& other) noexcept : m_fd(other.m_fd), m_path(std::move(other.m_path))
{
    other.m_fd = -1;
}

DirHandle& DirHandle::operator=(DirHandle&& other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0) ::close(m_fd);
        m_fd = other.m_fd;
        m_path = std::move(other.m_path);
        other.m_fd = -1;
    }
    return *this;
}

DirHandle::~DirHandle()
{
    if (m_fd >= 0) ::close(m_fd);
}

std::string DirHandle::childPath(std::string_view name) const
{
    if (m_path.empty() || m_path == "/") return m_path + std::string(name);
    return m_path + "/" + std::string(name);
}

Result<DirHandle> DirHandle::open(const std::string& path, const std::string& displayAs)
{
    int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    const std::string& shown = displayAs.empty() ? path : displayAs;
    if (fd < 0) return sysError(errno, "open directory " + shown);
    std::string clean = shown;
    while (clean.size() > 1 && clean.back() == '/') clean.pop_back();
    return DirHandle(fd, clean);
}

Result<DirHandle> DirHandle::duplicate() const
{
    int fd = ::openat(m_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return sysError(errno, "open directory " + m_path);
    return DirHandle(fd, m_path);
}

Status DirHandle::checkWritable() const
{
    // The effective ids, as a create would use them; a read-only mount
    // answers EROFS even for root.
    if (::faccessat(m_fd, ".", W_OK | X_OK, AT_EACCESS) != 0) return sysError(errno, "write into " + m_path);
    return {};
}

Status DirHandle::syncFileSystem() const
{
#ifdef __linux__
    if (::syncfs(m_fd) != 0) return sysError(errno, "flush the file system of " + m_path + " to disk");
#else
    ::sync();
#endif
    return {};
}

namespace {

// The kind of file system by statfs's magic number, where /proc does not say.
std::string fileSystemTypeByMagic(int fd)
{
    struct statfs sfs{};
    if (::fstatfs(fd, &sfs) != 0) return "unknown";
    switch (static_cast<unsigned long>(sfs.f_type)) {
    case 0xEF53: return "ext4";
    case 0x58465342: return "xfs";
    case 0x9123683E: return "btrfs";
    case 0x01021994: return "tmpfs";
    case 0x4d44: return "vfat";
    case 0x2011BAB0: return "exfat";
    case 0x5346544e: return "ntfs";
    case 0xFF534D42: return "cifs";
    case 0xFE534D42: return "smb2";
    case 0x6969: return "nfs";
    case 0x65735546: return "fuse";
    default: return "unknown";
    }
}

} // namespace

Result<uint64_t> DirHandle::freeBytes() const
{
    struct statvfs st{};
    if (::fstatvfs(m_fd, &st) != 0) return sysError(errno, "free space of " + m_path);
    return uint64_t(st.f_bavail) * uint64_t(st.f_frsize);
}

Result<uint64_t> DirHandle::totalBytes() const
{
    struct statvfs st{};
    if (::fstatvfs(m_fd, &st) != 0) return sysError(errno, "size of the file system of " + m_path);
    return uint64_t(st.f_blocks) * uint64_t(st.f_frsize);
}

FileSystemInfo DirHandle::fileSystem() const
{
    FileSystemInfo out;
    struct stat st{};
    if (::fstat(m_fd, &st) != 0) {
        out.type = "unknown";
        return out;
    }
    out.device = st.st_dev;
    // mountinfo: "ID PARENT MAJOR:MINOR ROOT MOUNTPOINT OPTIONS ... - TYPE SOURCE ...";
    // it names FUSE file systems ("fuse.fusefat", "fuseblk") as statfs cannot.
    const std::string dev = std::to_string(major(st.st_dev)) + ":" + std::to_string(minor(st.st_dev));
    std::ifstream in("/proc/self/mountinfo");
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        size_t start = 0;
        while (start <= line.size()) {
            size_t space = line.find(' ', start);
            if (space == std::string::npos) space = line.size();
            fields.push_back(line.substr(start, space - start));
            start = space + 1;
        }
        if (fields.size() < 7 || fields[2] != dev) continue;
        auto dash = std::find(fields.begin() + 6, fields.end(), "-");
        if (dash == fields.end() || dash + 1 == fields.end()) continue;
        out.type = *(dash + 1);
        out.mountPoint = fields[4];
        // mountinfo writes a space in a path as \040.
        for (size_t at; (at = out.mountPoint.find("\\040")) != std::string::npos;) out.mountPoint.replace(at, 4, " ");
    }
    if (out.type.empty()) out.type = fileSystemTypeByMagic(m_fd);
    out.windowsNames = typeFollowsWindowsNames(out.type);
    return out;
}

Result<DirHandle> DirHandle::openDir(std::string_view name, Follow follow) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    const int nofollow = follow == Follow::Yes ? 0 : O_NOFOLLOW;
    int fd = ::openat(m_fd, nameStr(name).c_str(), O_RDONLY | O_DIRECTORY | nofollow | O_CLOEXEC);
    if (fd < 0) {
        int err = errno;
        if (follow == Follow::No && (err == ELOOP || err == ENOTDIR)) {
            // Tell a symlink apart from a plain file: only the first is an escape attempt.
            struct stat st{};
            if (::fstatat(m_fd, nameStr(name).c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
                return Error(Errc::UnsafePath,
                             childPath(name) + " is a symbolic link; floodgate does not follow links inside a transfer",
                             ELOOP);
        }
        return sysError(err, "open directory " + childPath(name));
    }
    return DirHandle(fd, childPath(name));
}

Result<FileInfo> DirHandle::statAt(std::string_view name, Follow follow) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    struct stat st{};
    if (::fstatat(m_fd, nameStr(name).c_str(), &st, follow == Follow::Yes ? 0 : AT_SYMLINK_NOFOLLOW) != 0)
        return sysError(errno, "stat " + childPath(name));
    return toInfo(st);
}

Result<std::vector<DirEntryName>> DirHandle::list() const
{
    int fd = ::dup(m_fd);
    if (fd < 0) return sysError(errno, "list " + m_path);
    DIR* dir = ::fdopendir(fd);
    if (!dir) {
        int err = errno;
        ::close(fd);
        return sysError(err, "list " + m_path);
    }
    ::rewinddir(dir);
    std::vector<DirEntryName> entries;
    errno = 0;
    while (struct dirent* de = ::readdir(dir)) {
        const char* n = de->d_name;
        if (n[0] == '.' && (n[1] == '\0' || (n[1] == '.' && n[2] == '\0'))) continue;
        DirEntryName entry;
        entry.name = n;
        switch (de->d_type) {
        case DT_REG: entry.type = FileType::Regular; entry.typeKnown = true; break;
        case DT_DIR: entry.type = FileType::Directory; entry.typeKnown = true; break;
        case DT_LNK: entry.type = FileType::Symlink; entry.typeKnown = true; break;
        case DT_UNKNOWN: break;
        default: entry.type = FileType::Other; entry.typeKnown = true; break;
        }
        entries.push_back(std::move(entry));
        errno = 0;
    }
    int err = errno;
    ::closedir(dir);
    if (err != 0) return sysError(err, "list " + m_path);
    return entries;
}

namespace {
// What an open that could not refuse a FIFO or device itself (O_NONBLOCK,
// following a link) found: a regular file, or an error saying `notRegular`.
Status mustBeRegular(int fd, const std::string& path, const char* notRegular)
{
    struct stat st{};
    if (::fstat(fd, &st) != 0) return sysError(errno, "stat " + path);
    if (!S_ISREG(st.st_mode)) return Error(Errc::InvalidArgument, path + " " + notRegular);
    return {};
}
} // namespace

Result<FileHandle> DirHandle::openRead(std::string_view name, Follow follow) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    if (follow == Follow::Yes) {
        // O_NONBLOCK: a link to a FIFO must not hang the open; it is refused below.
        int fd = ::openat(m_fd, nameStr(name).c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        if (fd < 0) return sysError(errno, "open " + childPath(name));
        FileHandle file(fd, childPath(name));
        FG_TRY(mustBeRegular(fd, file.path(), "leads to something that is not a regular file"));
        return file;
    }
    // O_NONBLOCK: a FIFO that took a file's name since it was listed must
    // not hang the open (for a regular file it changes nothing).
    int fd = ::openat(m_fd, nameStr(name).c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        if (errno == ELOOP)
            return Error(Errc::UnsafePath, childPath(name) + " is a symbolic link, not a file", ELOOP);
        return sysError(errno, "open " + childPath(name));
    }
    return FileHandle(fd, childPath(name));
}

Result<FileHandle> DirHandle::openForUpdate(std::string_view name) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    // O_NONBLOCK: a FIFO put there since the plan must not hang the open.
    int fd = ::openat(m_fd, nameStr(name).c_str(), O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        if (errno == ELOOP)
            return Error(Errc::UnsafePath, childPath(name) + " is a symbolic link; --inplace writes only regular files",
                         ELOOP);
        return sysError(errno, "open " + childPath(name) + " to write it in place");
    }
    FileHandle file(fd, childPath(name));
    FG_TRY(mustBeRegular(fd, file.path(), "is not a regular file; --inplace writes only those"));
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0) (void)::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return file;
}

Result<FileHandle> DirHandle::createExclusive(std::string_view name, uint32_t mode) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    int fd = ::openat(m_fd, nameStr(name).c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                      mode_t(mode));
    if (fd < 0) return sysError(errno, "create " + childPath(name));
    return FileHandle(fd, childPath(name));
}

Result<FileHandle> DirHandle::createAnonymous(uint32_t mode) const
{
#if defined(O_TMPFILE)
    int fd = ::openat(m_fd, ".", O_RDWR | O_TMPFILE | O_CLOEXEC, mode_t(mode));
    if (fd < 0) {
        // A kernel or file system without it says so in more than one way.
        const int e = errno == EISDIR || errno == ENOENT ? EOPNOTSUPP : errno;
        return sysError(e, "create an unnamed file in " + m_path);
    }
    return FileHandle(fd, m_path + "/(unnamed)");
#else
    (void)mode;
    return sysError(EOPNOTSUPP, "create an unnamed file in " + m_path);
#endif
}

Status DirHandle::mkdirAt(std::string_view name, uint32_t mode) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    if (::mkdirat(m_fd, nameStr(name).c_str(), mode_t(mode)) != 0)
        return sysError(errno, "create directory " + childPath(name));
    return {};
}

Status DirHandle::renameAt(std::string_view from, std::string_view to) const
{
    if (!isSingleComponent(from)) return badComponent(from);
    if (!isSingleComponent(to)) return badComponent(to);
    if (::renameat(m_fd, nameStr(from).c_str(), m_fd, nameStr(to).c_str()) != 0)
        return sysError(errno, "rename " + childPath(from) + " to " + std::string(to));
    return {};
}

Status DirHandle::renameAtNoReplace(std::string_view from, std::string_view to) const
{
    if (!isSingleComponent(from)) return badComponent(from);
    if (!isSingleComponent(to)) return badComponent(to);
#if defined(__linux__) && defined(RENAME_NOREPLACE)
    if (::renameat2(m_fd, nameStr(from).c_str(), m_fd, nameStr(to).c_str(), RENAME_NOREPLACE) != 0)
        return sysError(errno, "rename " + childPath(from) + " to " + std::string(to));
    return {};
#else
    return Error(Errc::Io, "rename " + childPath(from) + " to " + std::string(to) + ": this system cannot rename without replacing",
                 ENOSYS);
#endif
}

Status DirHandle::renameInto(std::string_view from, const DirHandle& toDir, std::string_view to) const
{
    if (!isSingleComponent(from)) return badComponent(from);
    if (!isSingleComponent(to)) return badComponent(to);
    if (::renameat(m_fd, nameStr(from).c_str(), toDir.m_fd, nameStr(to).c_str()) != 0)
        return sysError(errno, "rename " + childPath(from) + " to " + toDir.childPath(to));
    return {};
}

Status DirHandle::linkInto(std::string_view from, const DirHandle& toDir, std::string_view to) const
{
    if (!isSingleComponent(from)) return badComponent(from);
    if (!isSingleComponent(to)) return badComponent(to);
    if (::linkat(m_fd, nameStr(from).c_str(), toDir.m_fd, nameStr(to).c_str(), 0) != 0)
        return sysError(errno, "link " + childPath(from) + " as " + toDir.childPath(to));
    return {};
}

Status DirHandle::unlinkAt(std::string_view name) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    if (::unlinkat(m_fd, nameStr(name).c_str(), 0) != 0) return sysError(errno, "delete " + childPath(name));
    return {};
}

Status DirHandle::rmdirAt(std::string_view name) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    if (::unlinkat(m_fd, nameStr(name).c_str(), AT_REMOVEDIR) != 0)
        return sysError(errno, "remove directory " + childPath(name));
    return {};
}

Status DirHandle::symlinkAt(std::string_view target, std::string_view name) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    if (::symlinkat(std::string(target).c_str(), m_fd, nameStr(name).c_str()) != 0)
        return sysError(errno, "create symlink " + childPath(name));
    return {};
}

Result<std::string> DirHandle::readlinkAt(std::string_view name) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    std::string buf(256, '\0');
    for (;;) {
        ssize_t n = ::readlinkat(m_fd, nameStr(name).c_str(), buf.data(), buf.size());
        if (n < 0) return sysError(errno, "read link " + childPath(name));
        if (size_t(n) < buf.size()) {
            buf.resize(size_t(n));
            return buf;
        }
        if (buf.size() >= 65536) return Error(Errc::Io, "link target too long: " + childPath(name));
        buf.resize(buf.size() * 2);
    }
}

Status DirHandle::setModifyTimeAt(std::string_view name, int64_t mtimeNs) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    struct timespec times[2];
    stampTimes(times, mtimeNs);
    if (::utimensat(m_fd, nameStr(name).c_str(), times, AT_SYMLINK_NOFOLLOW) != 0)
        return sysError(errno, "set time of " + childPath(name));
    return {};
}

Status DirHandle::setOwnerAt(std::string_view name, uint32_t uid, uint32_t gid) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    if (::fchownat(m_fd, nameStr(name).c_str(), uid_t(uid), gid_t(gid), AT_SYMLINK_NOFOLLOW) != 0)
        return sysError(errno, "chown " + childPath(name));
    return {};
}

Status DirHandle::setModeAt(std::string_view name, uint32_t mode) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    // fchmodat cannot refuse to follow a link on Linux: open without following
    // and chmod the descriptor instead.
    int fd = ::openat(m_fd, nameStr(name).c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        if (errno == ELOOP) return Error(Errc::UnsafePath, childPath(name) + " is a symbolic link", ELOOP);
        return sysError(errno, "chmod " + childPath(name));
    }
    int rc = ::fchmod(fd, mode_t(mode));
    int err = errno;
    ::close(fd);
    if (rc != 0) return sysError(err, "chmod " + childPath(name));
    return {};
}

Result<FileInfo> DirHandle::stat() const
{
    struct stat st{};
    if (::fstat(m_fd, &st) != 0) return sysError(errno, "stat " + m_path);
    return toInfo(st);
}

Status DirHandle::setModifyTime(int64_t mtimeNs) const
{
    struct timespec times[2];
    stampTimes(times, mtimeNs);
    if (::futimens(m_fd, times) != 0) return sysError(errno, "set time of " + m_path);
    return {};
}

Status DirHandle::setOwner(uint32_t uid, uint32_t gid) const
{
    if (::fchown(m_fd, uid_t(uid), gid_t(gid)) != 0) return sysError(errno, "chown " + m_path);
    return {};
}

Status DirHandle::setMode(uint32_t mode) const
{
    if (::fchmod(m_fd, mode_t(mode)) != 0) return sysError(errno, "chmod " + m_path);
    return {};
}

// ---- path helpers ----------------------------------------------------------

Result<FileInfo> statPath(const std::string& path, bool follow)
{
    struct stat st{};
    int rc = follow ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st);
    if (rc != 0) return sysError(errno, "stat " + path);
    return toInfo(st);
}

Status makeDirectory(const std::string& path, uint32_t mode)
{
    if (::mkdir(path.c_str(), mode_t(mode)) != 0) return sysError(errno, "create directory " + path);
    return {};
}

Status makeDirectories(const std::string& path, uint32_t mode)
{
    if (path.empty()) return {};
    size_t pos = 0;
    while (pos != std::string::npos) {
        pos = path.find('/', pos + 1);
        std::string prefix = path.substr(0, pos);
        if (prefix.empty()) continue;
        if (::mkdir(prefix.c_str(), mode_t(mode)) != 0 && errno != EEXIST)
            return sysError(errno, "create directory " + prefix);
    }
    struct stat st{};
    if (::stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        return Error(Errc::Io, path + " exists and is not a directory");
    return {};
}

Result<std::string> readFile(const std::string& path, size_t maxBytes)
{
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return sysError(errno, "open " + path);
    FileHandle file(fd, path);
    std::string data;
    char buf[65536];
    for (;;) {
        FG_TRY_ASSIGN(size_t n, file.read(buf, sizeof buf));
        if (n == 0) break;
        if (data.size() + n > maxBytes)
            return Error(Errc::InvalidArgument, path + " is larger than " + std::to_string(maxBytes) + " bytes");
        data.append(buf, n);
    }
    return data;
}

Result<bool> isPrivateToOwner(const std::string& path)
{
    FG_TRY_ASSIGN(FileInfo info, statPath(path, true));
    return (info.mode & 077) == 0;
}

std::string makePrivateCommand(const std::string& path) { return "chmod 600 " + path; }

std::string whyNotWritable(const std::string& path)
{
    struct statvfs fs{};
    if (::statvfs(path.c_str(), &fs) == 0 && (fs.f_flag & ST_RDONLY) != 0) return "a read-only file system";
    if (::access(path.c_str(), W_OK) != 0) {
        const int err = errno;
        if (err == EROFS) return "a read-only file system";
        if (err == EACCES || err == EPERM) return "no write permission for user " + currentUserName();
        return std::strerror(err);
    }
    return {};
}

namespace {

// root editing another user's small file (`sudo floodgate clients revoke`
// in the daemon's state directory) must leave it that user's: a file root
// took over would lock the daemon out of its own list. The owner is the
// file's as it was, or for a new file its directory's.
Status keepOwnerForRoot(int fd, const std::string& path, bool isNew)
{
    if (::geteuid() != 0) return {};
    struct stat st{};
    if (isNew || ::stat(path.c_str(), &st) != 0) {
        const size_t slash = path.rfind('/');
        const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
        if (::stat(dir.c_str(), &st) != 0) return {};
    }
    if (st.st_uid == 0 && st.st_gid == 0) return {};
    if (::fchown(fd, st.st_uid, st.st_gid) != 0) return sysError(errno, "give " + path + " back to its owner");
    return {};
}

} // namespace

Status writeFileAtomic(const std::string& path, std::string_view data, uint32_t mode)
{
    std::string tmp = path + ".tmp-" + std::to_string(::getpid());
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode_t(mode));
    if (fd < 0) return sysError(errno, "create " + tmp);
    FileHandle file(fd, tmp);
    Status st = keepOwnerForRoot(fd, path, false);
    if (st) st = file.writeAll(data.data(), data.size());
    if (st) st = file.sync();
    if (st) st = file.close();
    if (st && ::rename(tmp.c_str(), path.c_str()) != 0) st = sysError(errno, "rename " + tmp + " to " + path);
    if (!st) ::unlink(tmp.c_str());
    return st;
}

Status appendLine(const std::string& path, std::string_view line, uint32_t mode)
{
    const bool existed = ::access(path.c_str(), F_OK) == 0;
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, mode_t(mode));
    if (fd < 0) return sysError(errno, "open " + path);
    FileHandle file(fd, path);
    if (!existed) FG_TRY(keepOwnerForRoot(fd, path, true));
    std::string data(line);
    data.push_back('\n');
    FG_TRY(file.writeAll(data.data(), data.size()));
    FG_TRY(file.sync());
    return file.close();
}

Status createFileIfMissing(const std::string& path, uint32_t mode)
{
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(mode));
    if (fd < 0) return errno == EEXIST ? Status{} : sysError(errno, "create " + path);
    FileHandle file(fd, path);
    FG_TRY(keepOwnerForRoot(fd, path, true));
    return file.close();
}

namespace {
Status removeTreeAt(int dirfd, const std::string& name, const std::string& display)
{
    struct stat st{};
    if (::fstatat(dirfd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno == ENOENT) return {};
        return sysError(errno, "stat " + display);
    }
    if (S_ISDIR(st.st_mode)) {
        int fd = ::openat(dirfd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) return sysError(errno, "open " + display);
        DIR* dir = ::fdopendir(fd);
        if (!dir) {
            ::close(fd);
            return sysError(errno, "list " + display);
        }
        // A folder without write permission for its owner (copied with
        // its mode from a read-only source) cannot lose its entries until
        // it has it; it is going anyway.
        if ((st.st_mode & S_IWUSR) == 0) (void)::fchmod(fd, (st.st_mode & 07777) | S_IRWXU);
        std::vector<std::string> names;
        while (struct dirent* de = ::readdir(dir)) {
            std::string n = de->d_name;
            if (n != "." && n != "..") names.push_back(n);
        }
        Status result;
        for (const auto& n : names) {
            Status st2 = removeTreeAt(::dirfd(dir), n, display + "/" + n);
            if (!st2 && result) result = st2;
        }
        ::closedir(dir);
        if (!result) return result;
        if (::unlinkat(dirfd, name.c_str(), AT_REMOVEDIR) != 0) return sysError(errno, "remove " + display);
        return {};
    }
    if (::unlinkat(dirfd, name.c_str(), 0) != 0) return sysError(errno, "delete " + display);
    return {};
}
} // namespace

Status removeTree(const std::string& path)
{
    return removeTreeAt(AT_FDCWD, path, path);
}

Status DirHandle::removeTreeAt(std::string_view name) const
{
    if (!isSingleComponent(name)) return badComponent(name);
    return fg::platform::removeTreeAt(m_fd, nameStr(name), childPath(name));
}

namespace {
// What /proc says an open descriptor is (Linux; every symlink resolved).
Result<std::string> descriptorPath(int fd, const std::string& display)
{
    const std::string link = "/proc/self/fd/" + std::to_string(fd);
    std::string buf(4096, '\0');
    ssize_t n = ::readlink(link.c_str(), buf.data(), buf.size());
    if (n < 0) return sysError(errno, "find where " + display + " is (" + link + ")");
    if (size_t(n) >= buf.size()) return Error(Errc::InvalidArgument, "the path of " + display + " is too long");
    buf.resize(size_t(n));
    return buf;
}
} // namespace

Result<std::string> FileHandle::realPath() const { return descriptorPath(m_fd, m_path); }
Result<std::string> DirHandle::realPath() const { return descriptorPath(m_fd, m_path); }

Result<std::string> canonicalPath(const std::string& path)
{
    char* resolved = ::realpath(path.c_str(), nullptr);
    if (!resolved) return sysError(errno, "resolve " + path);
    std::string out(resolved);
    std::free(resolved);
    return out;
}

std::string currentDirectory()
{
    std::string buf(4096, '\0');
    if (!::getcwd(buf.data(), buf.size())) return ".";
    buf.resize(std::strlen(buf.c_str()));
    return buf;
}

std::string getEnv(const char* name)
{
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

std::string homeDirectory()
{
    std::string home = getEnv("HOME");
    if (!home.empty()) return home;
    if (const struct passwd* pw = ::getpwuid(::getuid())) return pw->pw_dir;
    return "/";
}

std::string tempDirectory()
{
    std::string tmp = getEnv("TMPDIR");
    return tmp.empty() ? std::string("/tmp") : tmp;
}

Result<std::string> makeTempDirectory(const std::string& prefix) { return makeTempDirectoryIn(tempDirectory(), prefix); }

Result<std::string> makeTempDirectoryIn(const std::string& parent, const std::string& prefix)
{
    std::string pattern = parent + "/" + prefix + "-XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    if (!::mkdtemp(buf.data())) return sysError(errno, "create temporary directory " + pattern);
    return std::string(buf.data());
}

} // namespace fg::platform
