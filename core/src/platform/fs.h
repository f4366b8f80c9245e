#pragma once
#include "internal.h"
// Files and directories. Everything below a transfer root is reached through
// directory handles and *At() calls that never follow a symlink, so a symlink
// planted inside a tree cannot redirect a read or a write outside it.

#include <floodgate/error.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fg::platform {

enum class FileType : uint8_t { Regular = 0, Directory = 1, Symlink = 2, Other = 3 };

// Whether a call on a child follows it when it is a symlink. Only -L
// (--copy-links) asks to: everything else sees the link itself.
enum class Follow : bool { No, Yes };

struct FileInfo {
    FileType type = FileType::Other;
    uint64_t size = 0;
    int64_t mtimeNs = 0;   // nanoseconds since the epoch
    uint32_t mode = 0;     // permission bits (07777)
    uint64_t device = 0;
    uint64_t inode = 0;
    uint32_t links = 1;    // hard links to it
    uint32_t uid = 0;      // owner and group, by number
    uint32_t gid = 0;
};

struct DirEntryName {
    std::string name;
    FileType type = FileType::Other; // from readdir; Other when the FS does not say
    bool typeKnown = false;
};

// The file system a directory is on, for what it can hold and for messages.
struct FileSystemInfo {
    uint64_t device = 0;    // as FileInfo::device
    std::string type;       // "ext4", "vfat", "fuse.fusefat", "fuseblk", ... ("unknown")
    std::string mountPoint; // where it is mounted, when known
    // It holds only the names Windows allows (no ':', no final dot, no CON...):
    // every file system on Windows; on Linux the FAT family, exFAT, NTFS and
    // SMB shares (windows_names.h), whatever a driver lets through today.
    bool windowsNames = false;
};

class DirHandle;

class FileHandle {
public:
    FileHandle() = default;
    explicit FileHandle(int fd, std::string path) : m_fd(fd), m_path(std::move(path)) {}
    FileHandle(FileHandle&& other) noexcept;
    FileHandle& operator=(FileHandle&& other) noexcept;
    FileHandle(const FileHandle&) = delete;
    FileHandle& operator=(const FileHandle&) = delete;
    ~FileHandle();

    bool valid() const { return m_fd >= 0; }
    const std::string& path() const { return m_path; }
    // Where the open file really is (every symlink resolved), as the kernel
    // knows it: checked after a followed open, so no swap of a link between a
    // check and the open can mislead it.
    Result<std::string> realPath() const;

    // Reads up to n bytes; fewer only at end of file.
    Result<size_t> read(void* buffer, size_t n);
    // The same, for a file whose size is known: once `expectedSize` bytes are
    // in, it stops without the read that would only find the end (a small
    // file costs one read call, not two). A file that grew meanwhile is sent
    // as it was at that size, as if the read had come first; its new time
    // sends it again next run.
    Result<size_t> readExpecting(void* buffer, size_t n, uint64_t expectedSize);
    // Reads up to n bytes at an offset (fewer only at end of file); the file
    // position is untouched, so threads can share a handle.
    Result<size_t> pread(void* buffer, size_t n, uint64_t offset);
    Status writeAll(const void* data, size_t n);
    Status pwriteAll(const void* data, size_t n, uint64_t offset);
    Result<FileInfo> stat() const;
    // Sets the modification time (and the access time to now).
    Status setModifyTime(int64_t mtimeNs);
    Status setMode(uint32_t mode);
    // chown (root only, except a group the user belongs to). Before setMode:
    // a chown clears setuid and setgid.
    Status setOwner(uint32_t uid, uint32_t gid);
    // Reserves space up front (fewer fragments, ENOSPC early); a no-op where the
    // file system cannot.
    Status preallocate(uint64_t size);
    Status truncate(uint64_t size);
    Status sync();
    // Gives a file made by DirHandle::createAnonymous its first name, `name`
    // in `dir`. Nothing is replaced: a name already there fails with errno
    // EEXIST. Fails (PermissionDenied) where the system lets only privileged
    // processes name an open file and /proc is not there to go through.
    Status linkAs(const DirHandle& dir, std::string_view name) const;
    // An advisory lock held while the handle is open: a temporary file's lock
    // tells a later run whether its writer is still alive. False when another
    // process holds it.
    Result<bool> tryLockExclusive();
    void adviseSequential();
    // Asks the kernel to drop the file's clean cached pages, so that the
    // next read comes from the device (a speed test; advice, not a promise:
    // dirty pages stay until written). False where the system has no such
    // call (Windows): the next read may come from memory.
    bool dropCachedPages();
    // Closes and reports the error close() gives (NFS and SMB report write
    // failures only there).
    Status close();

private:
    int m_fd = -1;
    std::string m_path; // for messages only
};

class DirHandle {
public:
    DirHandle() = default;
    DirHandle(DirHandle&& other) noexcept;
    DirHandle& operator=(DirHandle&& other) noexcept;
    DirHandle(const DirHandle&) = delete;
    DirHandle& operator=(const DirHandle&) = delete;
    ~DirHandle();

    // Opens a directory by path; the path itself may go through symlinks (a
    // module root or a user's path may be a link, as in rsync). Messages name
    // it (and everything below it) as displayAs when given: a daemon shows its
    // clients module names, not its own paths.
    static Result<DirHandle> open(const std::string& path, const std::string& displayAs = {});

    bool valid() const { return m_fd >= 0; }
    const std::string& path() const { return m_path; }
    // Messages name it, and what is opened below it, as `path` from now on:
    // a folder built out of sight is named as the user will find it.
    void showAs(std::string path) { m_path = std::move(path); }
    // A second handle on the same directory (for another thread's use),
    // without going through its path again.
    Result<DirHandle> duplicate() const;

    // Children by name (a single component): a final symlink is not followed
    // unless Follow::Yes is given (then a followed openRead opens only a
    // regular file, never a FIFO or device it happens to point to).
    Result<DirHandle> openDir(std::string_view name, Follow follow = Follow::No) const;
    Result<FileInfo> statAt(std::string_view name, Follow follow = Follow::No) const;
    Result<std::vector<DirEntryName>> list() const;
    Result<FileHandle> openRead(std::string_view name, Follow follow = Follow::No) const;
    // Creates a new file exclusively (O_EXCL) with the given mode.
    Result<FileHandle> createExclusive(std::string_view name, uint32_t mode) const;
    // A new file in this directory's file system that has no name (Linux's
    // O_TMPFILE), open for reading and writing: no other process can find,
    // open or remove it, and it is gone with its handle unless
    // FileHandle::linkAs names it. Errc::Io with errno EOPNOTSUPP where the
    // file system or the system has no such files.
    Result<FileHandle> createAnonymous(uint32_t mode) const;
    // Opens an existing regular file to write over it in place (--inplace):
    // not truncated, never through a symlink.
    Result<FileHandle> openForUpdate(std::string_view name) const;
    Status mkdirAt(std::string_view name, uint32_t mode) const;
    Status renameAt(std::string_view from, std::string_view to) const;
    // The same, but never over something: a name already there fails with
    // errno EEXIST (a rename would replace a file or an empty directory).
    // Errc::Io with errno ENOSYS where the system has no such rename.
    Status renameAtNoReplace(std::string_view from, std::string_view to) const;
    // Renames a child of this directory into another directory (same file
    // system), replacing what is there; never follows a symlink.
    Status renameInto(std::string_view from, const DirHandle& toDir, std::string_view to) const;
    // A hard link `to` in `toDir` to this directory's child `from` (which is
    // not followed if it is a symlink). Fails where the file system has no
    // hard links (FAT: EPERM) or across file systems (EXDEV).
    Status linkInto(std::string_view from, const DirHandle& toDir, std::string_view to) const;
    Status unlinkAt(std::string_view name) const;
    Status rmdirAt(std::string_view name) const;
    // rm -rf of the entry `name` (gone already: fine), never through a
    // symlink. Directories it may not change (a read-only folder kept as
    // the source had it) are made writable for their owner first.
    Status removeTreeAt(std::string_view name) const;
    Status symlinkAt(std::string_view target, std::string_view name) const;
    Result<std::string> readlinkAt(std::string_view name) const;
    // Sets the mtime of a child without following a final symlink.
    Status setModifyTimeAt(std::string_view name, int64_t mtimeNs) const;
    Status setModeAt(std::string_view name, uint32_t mode) const;
    // The owner of a child, not following a final symlink (a link's own).
    Status setOwnerAt(std::string_view name, uint32_t uid, uint32_t gid) const;
    Result<FileInfo> stat() const;
    Status setModifyTime(int64_t mtimeNs) const;
    Status setMode(uint32_t mode) const;
    Status setOwner(uint32_t uid, uint32_t gid) const;
    // Flushes the whole file system this directory is on (syncfs).
    Status syncFileSystem() const;
    // Whether this process may create entries in it (permissions, and a
    // mount that is not read-only), asked before any data is sent for it.
    Status checkWritable() const;
    FileSystemInfo fileSystem() const;
    // Bytes this process may still write on its file system (statvfs's
    // f_bavail: what is left for users other than root).
    Result<uint64_t> freeBytes() const;
    // The size of the file system it is on.
    Result<uint64_t> totalBytes() const;

    std::string childPath(std::string_view name) const;
    // Where this directory really is (see FileHandle::realPath()).
    Result<std::string> realPath() const;

private:
    friend class FileHandle;       // linkAs names a file into a directory
    friend struct DirHandleAccess; // the batched reads open relative to it (small_file_reads)
    DirHandle(int fd, std::string path) : m_fd(fd), m_path(std::move(path)) {}
    int m_fd = -1;
    std::string m_path;
};

// lstat() (follow = false) or stat() of a path.
Result<FileInfo> statPath(const std::string& path, bool follow);
Status makeDirectory(const std::string& path, uint32_t mode);
Status makeDirectories(const std::string& path, uint32_t mode);
Result<std::string> readFile(const std::string& path, size_t maxBytes);
// Whether only the owner may read the file at `path` (POSIX: no group or
// other bits; Windows: nobody in its ACL but the owner, SYSTEM and the
// administrators), for a key that must stay private; and the command that
// makes it so, for the message that asks for it.
Result<bool> isPrivateToOwner(const std::string& path);
// Why this process cannot write into the directory at `path` ("a read-only
// file system", "no write permission for user floodgate"); empty when it
// can. For a daemon's start-up check of its writable modules.
std::string whyNotWritable(const std::string& path);
std::string makePrivateCommand(const std::string& path);
// Writes a small file (keys, pins) atomically: temp file, fsync, rename. A
// mode without group and other bits makes it private to this user
// (Windows: an ACL of its own, not the folder's).
Status writeFileAtomic(const std::string& path, std::string_view data, uint32_t mode);
Status appendLine(const std::string& path, std::string_view line, uint32_t mode);
// Creates an empty file with `mode` unless one is there (never truncates
// one; a race with another creator is fine): a database file that must be
// private before SQLite, which makes its files 0644, first opens it.
Status createFileIfMissing(const std::string& path, uint32_t mode);
// rm -rf, for tests and the demo's own scratch trees; never follows symlinks.
Status removeTree(const std::string& path);
// The absolute path with every symlink, "." and ".." resolved (realpath).
Result<std::string> canonicalPath(const std::string& path);
std::string currentDirectory();
std::string homeDirectory();
std::string getEnv(const char* name);
std::string tempDirectory();
// Creates a new private directory under tempDirectory() named prefix-XXXXXX.
Result<std::string> makeTempDirectory(const std::string& prefix);
// The same under `parent`.
Result<std::string> makeTempDirectoryIn(const std::string& parent, const std::string& prefix);

} // namespace fg::platform
