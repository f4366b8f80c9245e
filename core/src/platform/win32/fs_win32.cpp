#include "platform/fs.h"

#include "platform/win32/nt_file.h"
#include "platform/windows_names.h"
#include "platform/win32/win_error.h"
#include "platform/win32/win_text.h"

#include <windows.h>
#include <winternl.h>
#include <winioctl.h>
#include <aclapi.h>
#include <sddl.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <random>
#include <vector>

// A HANDLE in the int the interfaces carry: Windows keeps kernel handles to
// 32 significant bits so that 32- and 64-bit processes can share them
// (HandleToLong/LongToHandle), and INVALID_HANDLE_VALUE is -1 either way.

namespace fg::platform {
using namespace win32;
namespace {

HANDLE handleOf(int fd) { return LongToHandle(fd); }
int fdOf(HANDLE h) { return HandleToLong(h); }

bool isSingleComponent(std::string_view name)
{
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string_view::npos
        && name.find('\0') == std::string_view::npos;
}

Error badComponent(std::string_view name)
{
    return Error(Errc::UnsafePath, "not a single path component: '" + std::string(name) + "'");
}

// A name to look up: one with a '\' (a separator on Windows) or a ':' (an
// alternate data stream) would reach something else, and no such name can
// be in a Windows directory.
Status lookupName(std::string_view name, const std::string& display)
{
    if (!isSingleComponent(name)) return badComponent(name);
    if (name.find_first_of("\\:") != std::string_view::npos)
        return Error(Errc::NotFound, display + ": no such name can be on Windows", ENOENT);
    return {};
}

// A name to make: refused, with EINVAL as a file system that cannot hold it
// answers, when Windows cannot hold it (reserved names, a final dot or
// space, \\ : * ? " < > |...). NT's own calls would make some of them, and
// then Explorer and most programs could not open or delete them. The
// receiver adds the rule and the remedy (receiver_write.cpp).
Status creatableName(std::string_view name, const std::string& display, const char* doing)
{
    if (!isSingleComponent(name)) return badComponent(name);
    if (!windowsNameProblem(name).empty())
        return Error(Errc::Io, std::string(doing) + " " + display + ": not a name Windows allows", EINVAL);
    return {};
}

// FILETIME counts 100 ns since 1601; the core counts ns since 1970.
constexpr int64_t kEpochDifference100ns = 116444736000000000LL;

int64_t toNs(const FILETIME& ft)
{
    const int64_t ticks = int64_t((uint64_t(ft.dwHighDateTime) << 32) | ft.dwLowDateTime);
    return (ticks - kEpochDifference100ns) * 100;
}

FILETIME fromNs(int64_t ns)
{
    // Floor, so that a time before 1970 rounds the way POSIX's does.
    int64_t ticks = ns / 100;
    if (ns % 100 < 0) --ticks;
    const uint64_t t = uint64_t(ticks + kEpochDifference100ns);
    FILETIME ft;
    ft.dwLowDateTime = DWORD(t);
    ft.dwHighDateTime = DWORD(t >> 32);
    return ft;
}

// Windows has no mode bits: files are 0644, directories 0755, and the
// read-only attribute takes the write bits away.
uint32_t modeOf(DWORD attributes)
{
    const bool dir = attributes & FILE_ATTRIBUTE_DIRECTORY;
    uint32_t mode = dir ? 0755 : 0644;
    if ((attributes & FILE_ATTRIBUTE_READONLY) && !dir) mode &= ~0222u;
    return mode;
}

Result<FileInfo> statHandle(HANDLE h, const std::string& display)
{
    BY_HANDLE_FILE_INFORMATION info{};
    if (!::GetFileInformationByHandle(h, &info)) return lastError("stat " + display);
    FileInfo out;
    if (isNameSurrogate(h)) out.type = FileType::Symlink;
    else if (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) out.type = FileType::Directory;
    else if (::GetFileType(h) == FILE_TYPE_DISK) out.type = FileType::Regular;
    else out.type = FileType::Other;
    out.size = out.type == FileType::Directory ? 0 : (uint64_t(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
    out.mtimeNs = toNs(info.ftLastWriteTime);
    out.mode = modeOf(info.dwFileAttributes);
    out.device = info.dwVolumeSerialNumber;
    out.inode = (uint64_t(info.nFileIndexHigh) << 32) | info.nFileIndexLow;
    out.links = info.nNumberOfLinks;
    return out;
}

Status setTimes(HANDLE h, int64_t mtimeNs, const std::string& display)
{
    FILETIME now;
    ::GetSystemTimeAsFileTime(&now);
    const FILETIME mtime = fromNs(mtimeNs);
    if (!::SetFileTime(h, nullptr, &now, &mtime)) return lastError("set time of " + display);
    return {};
}

// The read-only attribute from the owner's write bit (files only: on a
// directory it means something else to Explorer).
Status setReadOnly(HANDLE h, uint32_t mode, const std::string& display)
{
    FILE_BASIC_INFO basic{};
    if (!::GetFileInformationByHandleEx(h, FileBasicInfo, &basic, sizeof basic)) return lastError("chmod " + display);
    if (basic.FileAttributes & FILE_ATTRIBUTE_DIRECTORY) return {};
    DWORD attributes = basic.FileAttributes;
    if (mode & 0200) attributes &= ~DWORD(FILE_ATTRIBUTE_READONLY);
    else attributes |= FILE_ATTRIBUTE_READONLY;
    if (attributes == basic.FileAttributes) return {};
    FILE_BASIC_INFO change{};
    change.FileAttributes = attributes ? attributes : FILE_ATTRIBUTE_NORMAL;
    if (!::SetFileInformationByHandle(h, FileBasicInfo, &change, sizeof change)) return lastError("chmod " + display);
    return {};
}

Error noOwners(const std::string& display)
{
    return Error(Errc::InvalidArgument, "cannot give " + display
                                            + " an owner by number: Windows files have no POSIX owner (leave out -o/-g)",
                 ENOTSUP);
}

// Closes a handle when it goes out of scope.
struct ScopedHandle {
    HANDLE h = INVALID_HANDLE_VALUE;
    explicit ScopedHandle(HANDLE handle) : h(handle) {}
    ScopedHandle(const ScopedHandle&) = delete;
    ScopedHandle& operator=(const ScopedHandle&) = delete;
    ~ScopedHandle()
    {
        if (h && h != INVALID_HANDLE_VALUE) ::CloseHandle(h);
    }
};

// rename, link and delete take a name relative to a directory handle.
struct NameInformation {
    ULONG flags = 0;             // FILE_RENAME_FLAG_* (Ex), or ReplaceIfExists in its first byte
    HANDLE rootDirectory = nullptr;
    ULONG nameBytes = 0;
    WCHAR name[1];
};

std::vector<char> nameInformation(ULONG flags, HANDLE root, std::string_view name)
{
    const std::wstring wide = widen(name);
    std::vector<char> buffer(sizeof(NameInformation) + wide.size() * sizeof(wchar_t));
    auto* info = reinterpret_cast<NameInformation*>(buffer.data());
    info->flags = flags;
    info->rootDirectory = root;
    info->nameBytes = ULONG(wide.size() * sizeof(wchar_t));
    std::copy(wide.begin(), wide.end(), info->name);
    return buffer;
}

// Not in every SDK's headers: the flags that make a rename or a delete
// behave as POSIX's (an open file is replaced or removed at once; the
// read-only attribute does not stop it). Windows 10 1809 and later.
constexpr ULONG kRenameReplace = 0x1;
constexpr ULONG kRenamePosix = 0x2;
constexpr ULONG kRenameIgnoreReadOnly = 0x40;
constexpr ULONG kDeleteFlag = 0x1;
constexpr ULONG kDeletePosix = 0x2;
constexpr ULONG kDeleteIgnoreReadOnly = 0x10;

bool unsupportedClass(long status)
{
    return status == long(0xC0000003)    /* STATUS_INVALID_INFO_CLASS */
        || status == long(0xC00000BB) /* STATUS_NOT_SUPPORTED */
        || status == long(0xC000000D) /* STATUS_INVALID_PARAMETER */
        || status == long(0xC0000002) /* STATUS_NOT_IMPLEMENTED (Wine) */
        || status == long(0xC0000010) /* STATUS_INVALID_DEVICE_REQUEST */;
}

Status renameHandle(HANDLE from, HANDLE toDir, std::string_view to, const std::string& what, bool replace = true)
{
    auto ex = nameInformation((replace ? kRenameReplace : 0) | kRenamePosix | kRenameIgnoreReadOnly, toDir, to);
    long status = setInformation(from, ex.data(), ULONG(ex.size()), kFileRenameInformationEx);
    if (unsupportedClass(status)) {
        // Older Windows, FAT, Wine: the classic rename, which replaces too
        // unless told not to.
        auto classic = nameInformation(replace ? TRUE : FALSE, toDir, to);
        status = setInformation(from, classic.data(), ULONG(classic.size()), kFileRenameInformation);
    }
    if (!NT_SUCCESS(status)) return ntError(status, what);
    return {};
}

Status deleteHandle(HANDLE h, const std::string& what)
{
    ULONG flags = kDeleteFlag | kDeletePosix | kDeleteIgnoreReadOnly;
    long status = setInformation(h, &flags, sizeof flags, kFileDispositionInformationEx);
    if (unsupportedClass(status)) {
        // The classic delete refuses a read-only file: clear the attribute first.
        FILE_BASIC_INFO basic{};
        if (::GetFileInformationByHandleEx(h, FileBasicInfo, &basic, sizeof basic)
            && (basic.FileAttributes & FILE_ATTRIBUTE_READONLY)) {
            FILE_BASIC_INFO change{};
            change.FileAttributes = (basic.FileAttributes & ~DWORD(FILE_ATTRIBUTE_READONLY)) | FILE_ATTRIBUTE_NORMAL;
            ::SetFileInformationByHandle(h, FileBasicInfo, &change, sizeof change);
        }
        BOOLEAN remove = TRUE;
        status = setInformation(h, &remove, sizeof remove, kFileDispositionInformation);
    }
    if (!NT_SUCCESS(status)) return ntError(status, what);
    return {};
}

// Where an open handle really is, in the core's form ("C:/dir/file").
Result<std::string> finalPath(HANDLE h, const std::string& display)
{
    std::vector<wchar_t> buffer(512);
    for (;;) {
        DWORD n = ::GetFinalPathNameByHandleW(h, buffer.data(), DWORD(buffer.size()), FILE_NAME_NORMALIZED | VOLUME_NAME_DOS);
        if (n == 0) return lastError("find where " + display + " is");
        if (n < buffer.size()) return fromWindowsPath(std::wstring_view(buffer.data(), n));
        buffer.resize(n + 1);
    }
}

// Messages name the path as `display` (a daemon shows module names), or as given.
Result<HANDLE> openPath(const std::string& path, DWORD access, bool follow, const char* doing,
                        const std::string& display = {})
{
    const std::wstring wide = toWindowsPath(path);
    HANDLE h = ::CreateFileW(wide.c_str(), access, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                             OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS | (follow ? 0 : FILE_FLAG_OPEN_REPARSE_POINT),
                             nullptr);
    if (h == INVALID_HANDLE_VALUE) return lastError(std::string(doing) + " " + (display.empty() ? path : display));
    return h;
}

constexpr ACCESS_MASK kDirAccess = FILE_LIST_DIRECTORY | FILE_TRAVERSE | FILE_READ_ATTRIBUTES;

} // namespace

// ---- FileHandle ------------------------------------------------------------

FileHandle::FileHandle(FileHandle&& other) noexcept : m_fd(other.m_fd), m_path(std::move(other.m_path))
{
    other.m_fd = -1;
}

FileHandle& FileHandle::operator=(FileHandle&& other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0) ::CloseHandle(handleOf(m_fd));
        m_fd = other.m_fd;
        m_path = std::move(other.m_path);
        other.m_fd = -1;
    }
    return *this;
}

FileHandle::~FileHandle()
{
    if (m_fd >= 0) ::CloseHandle(handleOf(m_fd));
}

Result<size_t> FileHandle::read(void* buffer, size_t n) { return readExpecting(buffer, n, UINT64_MAX); }

Result<size_t> FileHandle::readExpecting(void* buffer, size_t n, uint64_t expectedSize)
{
    size_t got = 0;
    auto* out = static_cast<char*>(buffer);
    while (got < n && got != expectedSize) {
        DWORD chunk = DWORD(std::min<size_t>(n - got, 1u << 30));
        DWORD r = 0;
        if (!::ReadFile(handleOf(m_fd), out + got, chunk, &r, nullptr)) {
            if (::GetLastError() == ERROR_HANDLE_EOF) break;
            return lastError("read " + m_path);
        }
        if (r == 0) break;
        got += r;
    }
    return got;
}

Result<size_t> FileHandle::pread(void* buffer, size_t n, uint64_t offset)
{
    size_t got = 0;
    auto* out = static_cast<char*>(buffer);
    while (got < n) {
        OVERLAPPED at{};
        const uint64_t where = offset + got;
        at.Offset = DWORD(where);
        at.OffsetHigh = DWORD(where >> 32);
        DWORD r = 0;
        if (!::ReadFile(handleOf(m_fd), out + got, DWORD(std::min<size_t>(n - got, 1u << 30)), &r, &at)) {
            if (::GetLastError() == ERROR_HANDLE_EOF) break;
            return lastError("read " + m_path);
        }
        if (r == 0) break;
        got += r;
    }
    return got;
}

Status FileHandle::writeAll(const void* data, size_t n)
{
    const auto* in = static_cast<const char*>(data);
    while (n > 0) {
        DWORD w = 0;
        if (!::WriteFile(handleOf(m_fd), in, DWORD(std::min<size_t>(n, 1u << 30)), &w, nullptr))
            return lastError("write " + m_path);
        in += w;
        n -= w;
    }
    return {};
}

Status FileHandle::pwriteAll(const void* data, size_t n, uint64_t offset)
{
    const auto* in = static_cast<const char*>(data);
    while (n > 0) {
        OVERLAPPED at{};
        at.Offset = DWORD(offset);
        at.OffsetHigh = DWORD(offset >> 32);
        DWORD w = 0;
        if (!::WriteFile(handleOf(m_fd), in, DWORD(std::min<size_t>(n, 1u << 30)), &w, &at))
            return lastError("write " + m_path);
        in += w;
        n -= w;
        offset += w;
    }
    return {};
}

Result<FileInfo> FileHandle::stat() const { return statHandle(handleOf(m_fd), m_path); }

Status FileHandle::setModifyTime(int64_t mtimeNs) { return setTimes(handleOf(m_fd), mtimeNs, m_path); }

Status FileHandle::setMode(uint32_t mode) { return setReadOnly(handleOf(m_fd), mode, m_path); }

Status FileHandle::setOwner(uint32_t, uint32_t) { return noOwners(m_path); }

Status FileHandle::preallocate(uint64_t size)
{
    if (size == 0) return {};
    FILE_ALLOCATION_INFO info{};
    info.AllocationSize.QuadPart = LONGLONG(size);
    if (::SetFileInformationByHandle(handleOf(m_fd), FileAllocationInfo, &info, sizeof info)) return {};
    const DWORD err = ::GetLastError();
    // A file system (or Wine) that cannot reserve space: the write finds out.
    if (err == ERROR_INVALID_PARAMETER || err == ERROR_NOT_SUPPORTED || err == ERROR_INVALID_FUNCTION
        || err == ERROR_CALL_NOT_IMPLEMENTED)
        return {};
    return win32Error(err, "reserve space for " + m_path);
}

Status FileHandle::truncate(uint64_t size)
{
    FILE_END_OF_FILE_INFO info{};
    info.EndOfFile.QuadPart = LONGLONG(size);
    if (!::SetFileInformationByHandle(handleOf(m_fd), FileEndOfFileInfo, &info, sizeof info))
        return lastError("truncate " + m_path);
    return {};
}

Status FileHandle::sync()
{
    if (!::FlushFileBuffers(handleOf(m_fd))) return lastError("flush " + m_path);
    return {};
}

Status FileHandle::linkAs(const DirHandle& dir, std::string_view name) const
{
    return Error(Errc::Io, "name " + m_path + " as " + dir.childPath(name) + ": not supported on Windows", EOPNOTSUPP);
}

Result<bool> FileHandle::tryLockExclusive()
{
    // Windows' byte-range locks are mandatory: one byte far past any data is
    // locked, so that readers and the writer itself are never in its way.
    OVERLAPPED at{};
    at.Offset = 0xFFFFFFFEu;
    at.OffsetHigh = 0x7FFFFFFFu;
    if (::LockFileEx(handleOf(m_fd), LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &at)) return true;
    const DWORD err = ::GetLastError();
    if (err == ERROR_LOCK_VIOLATION || err == ERROR_IO_PENDING) return false;
    return win32Error(err, "lock " + m_path);
}

// Windows takes read-ahead hints when a file is opened, not later; its cache
// manager detects sequential reads by itself.
void FileHandle::adviseSequential() {}

// Windows has no call to drop one file's cached pages; a disk speed test
// reads back what may still be cached, and says so.
bool FileHandle::dropCachedPages() { return false; }

Status FileHandle::close()
{
    if (m_fd < 0) return {};
    HANDLE h = handleOf(m_fd);
    m_fd = -1;
    if (!::CloseHandle(h)) return lastError("close " + m_path);
    return {};
}

Result<std::string> FileHandle::realPath() const { return finalPath(handleOf(m_fd), m_path); }

// ---- DirHandle -------------------------------------------------------------

DirHandle::DirHandle(DirHandle&& other) noexcept : m_fd(other.m_fd), m_path(std::move(other.m_path))
{
    other.m_fd = -1;
}

DirHandle& DirHandle::operator=(DirHandle&& other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0) ::CloseHandle(handleOf(m_fd));
        m_fd = other.m_fd;
        m_path = std::move(other.m_path);
        other.m_fd = -1;
    }
    return *this;
}

DirHandle::~DirHandle()
{
    if (m_fd >= 0) ::CloseHandle(handleOf(m_fd));
}

std::string DirHandle::childPath(std::string_view name) const
{
    if (m_path.empty() || m_path.back() == '/') return m_path + std::string(name);
    return m_path + "/" + std::string(name);
}

Result<DirHandle> DirHandle::open(const std::string& path, const std::string& displayAs)
{
    const std::string& shown = displayAs.empty() ? path : displayAs;
    auto h = openPath(path, kDirAccess, true, "open directory", shown);
    if (!h.ok()) return std::move(h).error();
    ScopedHandle guard(*h);
    BY_HANDLE_FILE_INFORMATION info{};
    if (!::GetFileInformationByHandle(*h, &info)) return lastError("open directory " + shown);
    if (!(info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY))
        return Error(Errc::NotFound, "open directory " + shown + ": not a directory", ENOTDIR);
    std::string clean = shown;
    std::replace(clean.begin(), clean.end(), '\\', '/');
    // Keep "C:/" and "//" whole; drop any other trailing separator.
    while (clean.size() > 1 && clean.back() == '/' && !(clean.size() == 3 && clean[1] == ':')) clean.pop_back();
    guard.h = INVALID_HANDLE_VALUE;
    return DirHandle(fdOf(*h), clean);
}

Result<DirHandle> DirHandle::duplicate() const
{
    NtOpen how;
    how.access = kDirAccess;
    how.kind = Kind::Directory;
    how.followLink = true; // the directory itself, already open
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), {}, how, m_path, "open directory"));
    return DirHandle(fdOf(h), m_path);
}

Status DirHandle::checkWritable() const
{
    // What creating a file and a directory in it asks for; the open fails
    // when the ACL or a read-only share says no.
    NtOpen how;
    how.access = FILE_ADD_FILE | FILE_ADD_SUBDIRECTORY;
    how.kind = Kind::Directory;
    how.followLink = true;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), {}, how, m_path, "write into"));
    ::CloseHandle(h);
    return {};
}

Status DirHandle::syncFileSystem() const
{
    // Flushing a whole volume needs an administrator's handle on it; without
    // one, Windows' own write-through of each flushed file has to do. The
    // receiver flushes every file it commits when asked to (--fsync), so
    // this is the volume's metadata only.
    FG_TRY_ASSIGN(std::string where, realPath());
    if (where.size() >= 2 && where[1] == ':') {
        const std::wstring volume = L"\\\\.\\" + widen(where.substr(0, 2));
        HANDLE h = ::CreateFileW(volume.c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr,
                                 OPEN_EXISTING, 0, nullptr);
        if (h != INVALID_HANDLE_VALUE) {
            const bool ok = ::FlushFileBuffers(h);
            const DWORD err = ::GetLastError();
            ::CloseHandle(h);
            if (!ok) return win32Error(err, "flush the file system of " + m_path + " to disk");
        }
    }
    return {};
}

Result<uint64_t> DirHandle::freeBytes() const
{
    FG_TRY_ASSIGN(std::string where, realPath());
    ULARGE_INTEGER available{};
    if (!::GetDiskFreeSpaceExW(toWindowsPath(where + "/").c_str(), &available, nullptr, nullptr))
        return lastError("free space of " + m_path);
    return uint64_t(available.QuadPart);
}

Result<uint64_t> DirHandle::totalBytes() const
{
    FG_TRY_ASSIGN(std::string where, realPath());
    ULARGE_INTEGER total{};
    if (!::GetDiskFreeSpaceExW(toWindowsPath(where + "/").c_str(), nullptr, &total, nullptr))
        return lastError("size of the disk of " + m_path);
    return uint64_t(total.QuadPart);
}

FileSystemInfo DirHandle::fileSystem() const
{
    FileSystemInfo out;
    out.windowsNames = true;
    wchar_t name[MAX_PATH + 1] = {};
    DWORD serial = 0;
    if (!::GetVolumeInformationByHandleW(handleOf(m_fd), nullptr, 0, &serial, nullptr, nullptr, name, MAX_PATH + 1)) {
        out.type = "unknown";
        return out;
    }
    out.device = serial;
    std::string type = narrow(name);
    std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    // The names Linux gives the same file systems, which the rest of the core knows.
    if (type == "fat" || type == "fat32" || type == "fat16" || type == "fat12") type = "vfat";
    out.type = type.empty() ? "unknown" : type;
    if (auto where = realPath(); where.ok()) {
        wchar_t mount[MAX_PATH + 1] = {};
        if (::GetVolumePathNameW(toWindowsPath(*where).c_str(), mount, MAX_PATH + 1))
            out.mountPoint = fromWindowsPath(mount);
    }
    return out;
}

Result<DirHandle> DirHandle::openDir(std::string_view name, Follow follow) const
{
    FG_TRY(lookupName(name, childPath(name)));
    NtOpen how;
    how.access = kDirAccess;
    how.followLink = follow == Follow::Yes;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), name, how, childPath(name), "open directory"));
    ScopedHandle guard(h);
    if (follow == Follow::No && isNameSurrogate(h))
        return Error(Errc::UnsafePath,
                     childPath(name) + " is a symbolic link; floodgate does not follow links inside a transfer", ELOOP);
    FILE_ATTRIBUTE_TAG_INFO tag{};
    if (!::GetFileInformationByHandleEx(h, FileAttributeTagInfo, &tag, sizeof tag))
        return lastError("open directory " + childPath(name));
    if (!(tag.FileAttributes & FILE_ATTRIBUTE_DIRECTORY))
        return Error(Errc::NotFound, "open directory " + childPath(name) + ": not a directory", ENOTDIR);
    guard.h = INVALID_HANDLE_VALUE;
    return DirHandle(fdOf(h), childPath(name));
}

Result<FileInfo> DirHandle::statAt(std::string_view name, Follow follow) const
{
    FG_TRY(lookupName(name, childPath(name)));
    NtOpen how;
    how.access = FILE_READ_ATTRIBUTES;
    how.followLink = follow == Follow::Yes;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), name, how, childPath(name), "stat"));
    ScopedHandle guard(h);
    return statHandle(h, childPath(name));
}

namespace {
// FILE_FULL_DIR_INFORMATION (not in mingw's headers). For a reparse point,
// eaSize holds its tag.
struct FullDirInformation {
    ULONG nextEntryOffset;
    ULONG fileIndex;
    LARGE_INTEGER creationTime;
    LARGE_INTEGER lastAccessTime;
    LARGE_INTEGER lastWriteTime;
    LARGE_INTEGER changeTime;
    LARGE_INTEGER endOfFile;
    LARGE_INTEGER allocationSize;
    ULONG fileAttributes;
    ULONG fileNameLength;
    ULONG eaSize;
    WCHAR fileName[1];
};
} // namespace

Result<std::vector<DirEntryName>> DirHandle::list() const
{
    // A handle of its own: the scan position belongs to the handle.
    NtOpen how;
    how.access = FILE_LIST_DIRECTORY;
    how.kind = Kind::Directory;
    how.followLink = true;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), {}, how, m_path, "list"));
    ScopedHandle guard(h);
    std::vector<DirEntryName> entries;
    std::vector<char> buffer(64 * 1024);
    for (bool first = true;; first = false) {
        const long status = queryDirectory(h, buffer.data(), ULONG(buffer.size()), first);
        if (status == long(0x80000006) /* STATUS_NO_MORE_FILES */) break;
        if (!NT_SUCCESS(status)) return ntError(status, "list " + m_path);
        for (size_t at = 0;;) {
            const auto* e = reinterpret_cast<const FullDirInformation*>(buffer.data() + at);
            std::wstring_view wname(e->fileName, e->fileNameLength / sizeof(wchar_t));
            if (wname != L"." && wname != L"..") {
                DirEntryName entry;
                entry.name = narrow(wname);
                entry.typeKnown = true;
                if ((e->fileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) && IsReparseTagNameSurrogate(e->eaSize))
                    entry.type = FileType::Symlink;
                else if (e->fileAttributes & FILE_ATTRIBUTE_DIRECTORY) entry.type = FileType::Directory;
                else if (e->fileAttributes & FILE_ATTRIBUTE_DEVICE) entry.type = FileType::Other;
                else entry.type = FileType::Regular;
                entries.push_back(std::move(entry));
            }
            if (e->nextEntryOffset == 0) break;
            at += e->nextEntryOffset;
        }
    }
    return entries;
}

namespace {
// Opens a child to read or write it, never a link unless `follow`; a reparse
// point that is no link (a deduplicated or cloud file) is opened again to
// reach its data.
Result<HANDLE> openFileAt(HANDLE dir, std::string_view name, ACCESS_MASK access, Follow follow,
                          const std::string& display, const char* linkRefusal)
{
    NtOpen how;
    how.access = access | FILE_READ_ATTRIBUTES;
    how.kind = Kind::NonDirectory;
    how.followLink = follow == Follow::Yes;
    FG_TRY_ASSIGN(HANDLE h, openRelative(dir, name, how, display, "open"));
    if (follow == Follow::No) {
        FILE_ATTRIBUTE_TAG_INFO tag{};
        if (::GetFileInformationByHandleEx(h, FileAttributeTagInfo, &tag, sizeof tag)
            && (tag.FileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)) {
            ::CloseHandle(h);
            if (IsReparseTagNameSurrogate(tag.ReparseTag))
                return Error(Errc::UnsafePath, display + " " + linkRefusal, ELOOP);
            how.followLink = true;
            FG_TRY_ASSIGN(HANDLE data, openRelative(dir, name, how, display, "open"));
            h = data;
        }
    }
    if (::GetFileType(h) != FILE_TYPE_DISK) {
        ::CloseHandle(h);
        return Error(Errc::InvalidArgument, display + " is not a regular file");
    }
    return h;
}
} // namespace

Result<FileHandle> DirHandle::openRead(std::string_view name, Follow follow) const
{
    FG_TRY(lookupName(name, childPath(name)));
    FG_TRY_ASSIGN(HANDLE h, openFileAt(handleOf(m_fd), name, FILE_GENERIC_READ, follow, childPath(name),
                                       "is a symbolic link, not a file"));
    return FileHandle(fdOf(h), childPath(name));
}

Result<FileHandle> DirHandle::openForUpdate(std::string_view name) const
{
    FG_TRY(lookupName(name, childPath(name)));
    FG_TRY_ASSIGN(HANDLE h, openFileAt(handleOf(m_fd), name, FILE_GENERIC_READ | FILE_GENERIC_WRITE, Follow::No,
                                       childPath(name), "is a symbolic link; --inplace writes only regular files"));
    return FileHandle(fdOf(h), childPath(name));
}

Result<FileHandle> DirHandle::createExclusive(std::string_view name, uint32_t) const
{
    FG_TRY(creatableName(name, childPath(name), "create"));
    // The mode is applied later (setMode): a read-only attribute now would
    // stop the rename that commits the file.
    NtOpen how;
    how.access = FILE_GENERIC_READ | FILE_GENERIC_WRITE | DELETE;
    how.disposition = Disposition::CreateNew;
    how.kind = Kind::NonDirectory;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), name, how, childPath(name), "create"));
    return FileHandle(fdOf(h), childPath(name));
}

Result<FileHandle> DirHandle::createAnonymous(uint32_t) const
{
    // No unnamed files on Windows: temporaries get names (createExclusive).
    return Error(Errc::Io, "create an unnamed file in " + m_path + ": not supported on Windows", EOPNOTSUPP);
}

Status DirHandle::mkdirAt(std::string_view name, uint32_t) const
{
    FG_TRY(creatableName(name, childPath(name), "create directory"));
    NtOpen how;
    how.access = FILE_LIST_DIRECTORY;
    how.disposition = Disposition::CreateNew;
    how.kind = Kind::Directory;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), name, how, childPath(name), "create directory"));
    ::CloseHandle(h);
    return {};
}

Status DirHandle::renameAt(std::string_view from, std::string_view to) const { return renameInto(from, *this, to); }

Status DirHandle::renameAtNoReplace(std::string_view from, std::string_view to) const
{
    FG_TRY(lookupName(from, childPath(from)));
    FG_TRY(creatableName(to, childPath(to), "rename to"));
    NtOpen how;
    how.access = DELETE;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), from, how, childPath(from), "rename"));
    ScopedHandle guard(h);
    return renameHandle(h, handleOf(m_fd), to, "rename " + childPath(from) + " to " + std::string(to), false);
}

Status DirHandle::renameInto(std::string_view from, const DirHandle& toDir, std::string_view to) const
{
    FG_TRY(lookupName(from, childPath(from)));
    FG_TRY(creatableName(to, toDir.childPath(to), "rename to"));
    const std::string what = "rename " + childPath(from) + " to " + (&toDir == this ? std::string(to) : toDir.childPath(to));
    NtOpen how;
    how.access = DELETE;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), from, how, childPath(from), "rename"));
    ScopedHandle guard(h);
    return renameHandle(h, handleOf(toDir.m_fd), to, what);
}

Status DirHandle::linkInto(std::string_view from, const DirHandle& toDir, std::string_view to) const
{
    FG_TRY(lookupName(from, childPath(from)));
    FG_TRY(creatableName(to, toDir.childPath(to), "link as"));
    NtOpen how;
    how.access = FILE_READ_ATTRIBUTES;
    how.kind = Kind::NonDirectory;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), from, how, childPath(from), "link"));
    ScopedHandle guard(h);
    auto info = nameInformation(FALSE, handleOf(toDir.m_fd), to);
    const long status = setInformation(h, info.data(), ULONG(info.size()), kFileLinkInformation);
    if (!NT_SUCCESS(status)) return ntError(status, "link " + childPath(from) + " as " + toDir.childPath(to));
    return {};
}

Status DirHandle::unlinkAt(std::string_view name) const
{
    FG_TRY(lookupName(name, childPath(name)));
    NtOpen how;
    how.access = DELETE | FILE_READ_ATTRIBUTES | FILE_WRITE_ATTRIBUTES;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), name, how, childPath(name), "delete"));
    ScopedHandle guard(h);
    // A link to a directory is a directory entry of its own on Windows, and
    // goes as unlink removes a link on POSIX; a real directory does not.
    FILE_ATTRIBUTE_TAG_INFO tag{};
    if (::GetFileInformationByHandleEx(h, FileAttributeTagInfo, &tag, sizeof tag)
        && (tag.FileAttributes & FILE_ATTRIBUTE_DIRECTORY) && !isNameSurrogate(h))
        return Error(Errc::Io, "delete " + childPath(name) + ": is a directory", EISDIR);
    return deleteHandle(h, "delete " + childPath(name));
}

Status DirHandle::rmdirAt(std::string_view name) const
{
    FG_TRY(lookupName(name, childPath(name)));
    NtOpen how;
    how.access = DELETE | FILE_READ_ATTRIBUTES | FILE_WRITE_ATTRIBUTES;
    how.kind = Kind::Directory;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), name, how, childPath(name), "remove directory"));
    ScopedHandle guard(h);
    return deleteHandle(h, "remove directory " + childPath(name));
}

Status DirHandle::symlinkAt(std::string_view target, std::string_view name) const
{
    FG_TRY(creatableName(name, childPath(name), "create symlink"));
    // No call makes a link relative to a directory handle: the link's full
    // path comes from the handle, so it still lands where the handle is.
    FG_TRY_ASSIGN(std::string here, realPath());
    std::wstring linkPath = toWindowsPath(here + "/" + std::string(name));
    std::wstring wideTarget = widen(target);
    std::replace(wideTarget.begin(), wideTarget.end(), L'/', L'\\');
    // Windows wants to know whether a link is to a directory.
    DWORD flags = SYMBOLIC_LINK_FLAG_ALLOW_UNPRIVILEGED_CREATE;
    const std::string targetText(target);
    const bool absolute = targetText.size() > 1 && (targetText[1] == ':' || targetText[0] == '/' || targetText[0] == '\\');
    auto pointsAt = statPath(absolute ? targetText : here + "/" + targetText, true);
    if (pointsAt.ok() && pointsAt->type == FileType::Directory) flags |= SYMBOLIC_LINK_FLAG_DIRECTORY;
    if (!::CreateSymbolicLinkW(linkPath.c_str(), wideTarget.c_str(), flags)) {
        const DWORD err = ::GetLastError();
        Error e = win32Error(err, "create symlink " + childPath(name));
        if (err == ERROR_PRIVILEGE_NOT_HELD)
            e.message += " (Windows lets only administrators make symbolic links unless Developer Mode is on; "
                         "or leave out --links)";
        return e;
    }
    // Wine (8) answers success and makes nothing: say so rather than
    // report a link that is not there.
    if (::GetFileAttributesW(linkPath.c_str()) == INVALID_FILE_ATTRIBUTES && !statAt(name).ok())
        return Error(Errc::Io, "create symlink " + childPath(name) + ": this system made no link (Wine has no "
                                   "symbolic links); leave out --links",
                     ENOTSUP);
    return {};
}

namespace {
// REPARSE_DATA_BUFFER (ntifs.h, not in mingw's user headers): the two kinds
// that name another path.
struct ReparseData {
    ULONG tag;
    USHORT dataLength;
    USHORT reserved;
    USHORT substituteOffset;
    USHORT substituteLength;
    USHORT printOffset;
    USHORT printLength;
    // symbolic links have ULONG flags here; junctions start their path buffer
};
constexpr ULONG kSymlinkRelative = 1;
} // namespace

Result<std::string> DirHandle::readlinkAt(std::string_view name) const
{
    FG_TRY(lookupName(name, childPath(name)));
    NtOpen how;
    how.access = FILE_READ_ATTRIBUTES;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), name, how, childPath(name), "read link"));
    ScopedHandle guard(h);
    std::vector<char> buffer(MAXIMUM_REPARSE_DATA_BUFFER_SIZE);
    DWORD got = 0;
    if (!::DeviceIoControl(h, FSCTL_GET_REPARSE_POINT, nullptr, 0, buffer.data(), DWORD(buffer.size()), &got, nullptr))
        return lastError("read link " + childPath(name));
    const auto* data = reinterpret_cast<const ReparseData*>(buffer.data());
    const char* paths = buffer.data() + sizeof(ReparseData);
    bool relative = false;
    if (data->tag == IO_REPARSE_TAG_SYMLINK) {
        relative = (*reinterpret_cast<const ULONG*>(paths) & kSymlinkRelative) != 0;
        paths += sizeof(ULONG);
    } else if (data->tag != IO_REPARSE_TAG_MOUNT_POINT) {
        return Error(Errc::InvalidArgument, childPath(name) + " is not a symbolic link or a junction");
    }
    auto text = [&](USHORT offset, USHORT length) {
        if (size_t(paths - buffer.data()) + offset + length > got) return std::wstring();
        return std::wstring(reinterpret_cast<const wchar_t*>(paths + offset), length / sizeof(wchar_t));
    };
    std::wstring target = text(data->printOffset, data->printLength);
    if (target.empty()) target = text(data->substituteOffset, data->substituteLength);
    if (relative) {
        std::replace(target.begin(), target.end(), L'\\', L'/');
        return narrow(target);
    }
    if (target.rfind(L"\\??\\", 0) == 0) target = L"\\\\?\\" + target.substr(4);
    return fromWindowsPath(target);
}

Status DirHandle::setModifyTimeAt(std::string_view name, int64_t mtimeNs) const
{
    FG_TRY(lookupName(name, childPath(name)));
    NtOpen how;
    how.access = FILE_WRITE_ATTRIBUTES;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), name, how, childPath(name), "set time of"));
    ScopedHandle guard(h);
    return setTimes(h, mtimeNs, childPath(name));
}

Status DirHandle::setOwnerAt(std::string_view name, uint32_t, uint32_t) const
{
    FG_TRY(lookupName(name, childPath(name)));
    return noOwners(childPath(name));
}

Status DirHandle::setModeAt(std::string_view name, uint32_t mode) const
{
    FG_TRY(lookupName(name, childPath(name)));
    NtOpen how;
    how.access = FILE_READ_ATTRIBUTES | FILE_WRITE_ATTRIBUTES;
    FG_TRY_ASSIGN(HANDLE h, openRelative(handleOf(m_fd), name, how, childPath(name), "chmod"));
    ScopedHandle guard(h);
    if (isNameSurrogate(h)) return Error(Errc::UnsafePath, childPath(name) + " is a symbolic link", ELOOP);
    return setReadOnly(h, mode, childPath(name));
}

Result<FileInfo> DirHandle::stat() const { return statHandle(handleOf(m_fd), m_path); }

namespace {
// The directory itself again, with the right to change its attributes (the
// handle a DirHandle keeps may only read them: a read-only share allows no more).
Result<HANDLE> reopenForAttributes(int fd, const std::string& display, const char* doing)
{
    NtOpen how;
    how.access = FILE_READ_ATTRIBUTES | FILE_WRITE_ATTRIBUTES;
    how.kind = Kind::Directory;
    how.followLink = true;
    return openRelative(handleOf(fd), {}, how, display, doing);
}
} // namespace

Status DirHandle::setModifyTime(int64_t mtimeNs) const
{
    FG_TRY_ASSIGN(HANDLE h, reopenForAttributes(m_fd, m_path, "set time of"));
    ScopedHandle guard(h);
    return setTimes(h, mtimeNs, m_path);
}

Status DirHandle::setOwner(uint32_t, uint32_t) const { return noOwners(m_path); }

Status DirHandle::setMode(uint32_t) const
{
    // Directories have no read-only bit that means what a mode means.
    return {};
}

Result<std::string> DirHandle::realPath() const { return finalPath(handleOf(m_fd), m_path); }

// ---- path helpers ----------------------------------------------------------

Result<FileInfo> statPath(const std::string& path, bool follow)
{
    FG_TRY_ASSIGN(HANDLE h, openPath(path, FILE_READ_ATTRIBUTES, follow, "stat"));
    ScopedHandle guard(h);
    return statHandle(h, path);
}

Status makeDirectory(const std::string& path, uint32_t)
{
    if (!::CreateDirectoryW(toWindowsPath(path).c_str(), nullptr)) return lastError("create directory " + path);
    return {};
}

Status makeDirectories(const std::string& path, uint32_t mode)
{
    if (path.empty()) return {};
    std::string normal = path;
    std::replace(normal.begin(), normal.end(), '\\', '/');
    // Past the root: "C:/", "//server/share/" or "/".
    size_t start = 0;
    if (normal.size() >= 2 && normal[1] == ':') start = 2;
    else if (normal.rfind("//", 0) == 0) {
        size_t server = normal.find('/', 2);
        start = server == std::string::npos ? normal.size() : normal.find('/', server + 1);
        if (start == std::string::npos) start = normal.size();
    }
    for (size_t pos = normal.find('/', start + 1); ; pos = normal.find('/', pos + 1)) {
        const std::string prefix = normal.substr(0, pos);
        if (!prefix.empty() && prefix.size() > start) {
            auto info = statPath(prefix, true);
            if (!info.ok()) {
                if (Status made = makeDirectory(prefix, mode); !made && made.error().sysErrno != EEXIST) return made;
            } else if (info->type != FileType::Directory) {
                return Error(Errc::Io, prefix + " exists and is not a directory");
            }
        }
        if (pos == std::string::npos) break;
    }
    auto info = statPath(path, true);
    if (!info.ok() || info->type != FileType::Directory) return Error(Errc::Io, path + " exists and is not a directory");
    return {};
}

Result<std::string> readFile(const std::string& path, size_t maxBytes)
{
    HANDLE h = ::CreateFileW(toWindowsPath(path).c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                             nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) return lastError("open " + path);
    FileHandle file(fdOf(h), path);
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

namespace {

// The SID of the user this process runs as, as SDDL text ("S-1-5-21-...").
std::wstring currentUserSid()
{
    HANDLE token = nullptr;
    if (!::OpenProcessToken(::GetCurrentProcess(), TOKEN_QUERY, &token)) return {};
    ScopedHandle guard(token);
    DWORD size = 0;
    ::GetTokenInformation(token, TokenUser, nullptr, 0, &size);
    std::vector<char> buffer(size);
    if (!::GetTokenInformation(token, TokenUser, buffer.data(), size, &size)) return {};
    wchar_t* text = nullptr;
    if (!::ConvertSidToStringSidW(reinterpret_cast<TOKEN_USER*>(buffer.data())->User.Sid, &text)) return {};
    std::wstring out(text);
    ::LocalFree(text);
    return out;
}

// A security descriptor for a file only its user may open: a protected
// DACL (nothing inherited from the folder) with full access for the user,
// SYSTEM and the administrators, as OpenSSH for Windows wants of its keys.
struct PrivateSecurity {
    PSECURITY_DESCRIPTOR descriptor = nullptr;
    SECURITY_ATTRIBUTES attributes{sizeof(SECURITY_ATTRIBUTES), nullptr, FALSE};
    PrivateSecurity()
    {
        const std::wstring user = currentUserSid();
        if (user.empty()) return;
        const std::wstring sddl = L"D:P(A;;FA;;;" + user + L")(A;;FA;;;SY)(A;;FA;;;BA)";
        if (::ConvertStringSecurityDescriptorToSecurityDescriptorW(sddl.c_str(), SDDL_REVISION_1, &descriptor, nullptr))
            attributes.lpSecurityDescriptor = descriptor;
    }
    ~PrivateSecurity()
    {
        if (descriptor) ::LocalFree(descriptor);
    }
    PrivateSecurity(const PrivateSecurity&) = delete;
    PrivateSecurity& operator=(const PrivateSecurity&) = delete;
    SECURITY_ATTRIBUTES* forMode(uint32_t mode) { return (mode & 077) == 0 && descriptor ? &attributes : nullptr; }
};

} // namespace

std::string whyNotWritable(const std::string& path)
{
    // Windows' rights are in ACLs that only an attempt reads right: the
    // first file written says why, as a push would.
    const DWORD attributes = ::GetFileAttributesW(toWindowsPath(path).c_str());
    if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_READONLY) != 0
        && (attributes & FILE_ATTRIBUTE_DIRECTORY) == 0)
        return "a read-only file";
    return {};
}

Result<bool> isPrivateToOwner(const std::string& path)
{
    PSID owner = nullptr;
    PACL dacl = nullptr;
    PSECURITY_DESCRIPTOR descriptor = nullptr;
    const std::wstring wide = toWindowsPath(path);
    const DWORD err = ::GetNamedSecurityInfoW(wide.c_str(), SE_FILE_OBJECT,
                                              OWNER_SECURITY_INFORMATION | DACL_SECURITY_INFORMATION, &owner, nullptr,
                                              &dacl, nullptr, &descriptor);
    if (err != ERROR_SUCCESS) return win32Error(err, "read who may open " + path);
    bool onlyOwner = dacl != nullptr; // no DACL at all lets everyone in
    const std::wstring user = currentUserSid();
    PSID userSid = nullptr;
    if (!user.empty()) ::ConvertStringSidToSidW(user.c_str(), &userSid);
    for (DWORD i = 0; onlyOwner && i < dacl->AceCount; ++i) {
        void* ace = nullptr;
        if (!::GetAce(dacl, i, &ace)) continue;
        const auto* header = static_cast<ACE_HEADER*>(ace);
        if (header->AceType != ACCESS_ALLOWED_ACE_TYPE) continue;
        const auto* allowed = static_cast<ACCESS_ALLOWED_ACE*>(ace);
        if (!(allowed->Mask & (FILE_READ_DATA | GENERIC_READ | GENERIC_ALL))) continue;
        PSID sid = const_cast<DWORD*>(&allowed->SidStart);
        const bool trusted = (owner && ::EqualSid(sid, owner)) || (userSid && ::EqualSid(sid, userSid))
                          || ::IsWellKnownSid(sid, WinLocalSystemSid) || ::IsWellKnownSid(sid, WinBuiltinAdministratorsSid);
        if (!trusted) onlyOwner = false;
    }
    if (userSid) ::LocalFree(userSid);
    ::LocalFree(descriptor);
    return onlyOwner;
}

std::string makePrivateCommand(const std::string& path)
{
    std::string native = path;
    std::replace(native.begin(), native.end(), '/', '\\');
    return "icacls \"" + native + "\" /inheritance:r /grant:r \"%USERNAME%\":F";
}

Status writeFileAtomic(const std::string& path, std::string_view data, uint32_t mode)
{
    const std::string tmp = path + ".tmp-" + std::to_string(::GetCurrentProcessId());
    const std::wstring wideTmp = toWindowsPath(tmp);
    PrivateSecurity security;
    HANDLE h = ::CreateFileW(wideTmp.c_str(), GENERIC_WRITE, 0, security.forMode(mode), CREATE_ALWAYS,
                             FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) return lastError("create " + tmp);
    FileHandle file(fdOf(h), tmp);
    Status st = file.writeAll(data.data(), data.size());
    if (st) st = file.sync();
    if (st) st = file.close();
    if (st && !::MoveFileExW(wideTmp.c_str(), toWindowsPath(path).c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        st = lastError("rename " + tmp + " to " + path);
    if (!st) ::DeleteFileW(wideTmp.c_str());
    return st;
}

Status appendLine(const std::string& path, std::string_view line, uint32_t mode)
{
    PrivateSecurity security; // for a file this makes; one that exists keeps its ACL
    HANDLE h = ::CreateFileW(toWindowsPath(path).c_str(), FILE_APPEND_DATA | SYNCHRONIZE, FILE_SHARE_READ | FILE_SHARE_WRITE,
                             security.forMode(mode), OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) return lastError("open " + path);
    FileHandle file(fdOf(h), path);
    std::string data(line);
    data.push_back('\n');
    FG_TRY(file.writeAll(data.data(), data.size()));
    FG_TRY(file.sync());
    return file.close();
}

Status createFileIfMissing(const std::string& path, uint32_t mode)
{
    PrivateSecurity security;
    HANDLE h = ::CreateFileW(toWindowsPath(path).c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE,
                             security.forMode(mode), CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) {
        if (::GetLastError() == ERROR_FILE_EXISTS) return {};
        return lastError("create " + path);
    }
    ::CloseHandle(h);
    return {};
}

namespace {
Status removeChildren(const DirHandle& dir)
{
    FG_TRY_ASSIGN(auto entries, dir.list());
    Status result;
    for (const auto& entry : entries) {
        Status st;
        if (entry.type == FileType::Directory) {
            auto child = dir.openDir(entry.name);
            st = child.ok() ? removeChildren(*child) : Status(child.error());
            if (st) {
                child = DirHandle(); // closed before it goes
                st = dir.rmdirAt(entry.name);
            }
        } else {
            st = dir.unlinkAt(entry.name);
        }
        if (!st && result) result = st;
    }
    return result;
}
} // namespace

Status DirHandle::removeTreeAt(std::string_view name) const
{
    auto info = statAt(name);
    if (!info.ok()) return info.error().sysErrno == ENOENT ? Status() : Status(info.error());
    if (info->type != FileType::Directory) return unlinkAt(name);
    {
        FG_TRY_ASSIGN(DirHandle dir, openDir(name));
        FG_TRY(removeChildren(dir));
    }
    return rmdirAt(name);
}

Status removeTree(const std::string& path)
{
    auto info = statPath(path, false);
    if (!info.ok()) return info.error().sysErrno == ENOENT ? Status() : Status(info.error());
    const std::wstring wide = toWindowsPath(path);
    if (info->type == FileType::Directory) {
        {
            FG_TRY_ASSIGN(DirHandle dir, DirHandle::open(path));
            FG_TRY(removeChildren(dir));
        }
        if (!::RemoveDirectoryW(wide.c_str())) return lastError("remove " + path);
        return {};
    }
    // A link to a directory goes with RemoveDirectory, anything else with DeleteFile.
    if (::DeleteFileW(wide.c_str())) return {};
    if (info->type == FileType::Symlink && ::RemoveDirectoryW(wide.c_str())) return {};
    return lastError("delete " + path);
}

Result<std::string> canonicalPath(const std::string& path)
{
    FG_TRY_ASSIGN(HANDLE h, openPath(path, FILE_READ_ATTRIBUTES, true, "resolve"));
    ScopedHandle guard(h);
    return finalPath(h, path);
}

std::string currentDirectory()
{
    DWORD n = ::GetCurrentDirectoryW(0, nullptr);
    std::vector<wchar_t> buf(n + 1);
    n = ::GetCurrentDirectoryW(DWORD(buf.size()), buf.data());
    if (n == 0) return ".";
    return fromWindowsPath(std::wstring_view(buf.data(), n));
}

std::string getEnv(const char* name)
{
    const std::wstring wide = widen(name);
    DWORD n = ::GetEnvironmentVariableW(wide.c_str(), nullptr, 0);
    if (n == 0) return {};
    std::vector<wchar_t> buf(n);
    n = ::GetEnvironmentVariableW(wide.c_str(), buf.data(), DWORD(buf.size()));
    return narrow(std::wstring_view(buf.data(), n));
}

std::string homeDirectory()
{
    std::string home = getEnv("USERPROFILE");
    if (home.empty()) home = getEnv("HOME");
    std::replace(home.begin(), home.end(), '\\', '/');
    return home.empty() ? "C:/" : home;
}

std::string tempDirectory()
{
    std::string tmp = getEnv("TMPDIR");
    if (tmp.empty()) {
        wchar_t buf[MAX_PATH + 2] = {};
        const DWORD n = ::GetTempPathW(MAX_PATH + 1, buf);
        tmp = n ? fromWindowsPath(std::wstring_view(buf, n)) : "C:/Windows/Temp";
    }
    std::replace(tmp.begin(), tmp.end(), '\\', '/');
    while (tmp.size() > 3 && tmp.back() == '/') tmp.pop_back();
    return tmp;
}

Result<std::string> makeTempDirectory(const std::string& prefix) { return makeTempDirectoryIn(tempDirectory(), prefix); }

Result<std::string> makeTempDirectoryIn(const std::string& parent, const std::string& prefix)
{
    static const char kLetters[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    std::random_device seed;
    std::mt19937_64 random(seed() ^ uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()));
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::string path = parent + "/" + prefix + "-";
        for (int i = 0; i < 8; ++i) path.push_back(kLetters[random() % (sizeof kLetters - 1)]);
        if (::CreateDirectoryW(toWindowsPath(path).c_str(), nullptr)) return path;
        if (::GetLastError() != ERROR_ALREADY_EXISTS) return lastError("create temporary directory " + path);
    }
    return Error(Errc::Io, "create temporary directory in " + parent + ": every name tried was taken");
}

} // namespace fg::platform
