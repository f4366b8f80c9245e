#pragma once
#include "internal.h"
// Small files read whole, many at a time. One at a time a small file costs
// four system calls (open, fstat, read, close), and on this project's build
// machines every system call costs as much again on its way back out of the
// hypervisor: for 65,536 files of 4 KiB that is most of the sender's CPU.
// Where the kernel has io_uring (Linux 5.6 and later), a batch's opens go
// in one call, each file's fstat in its own (a statx in the ring would go to
// a kernel worker thread), and the reads and closes in a second. Elsewhere, or
// where io_uring is refused (an old kernel, seccomp, the
// kernel.io_uring_disabled sysctl) or switched off (FLOODGATE_NO_IO_URING=1
// in the environment), one file at a time with the same results. Which one
// runs is chosen at run time; describe() says which, and why.

#include "platform/fs.h"

#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace fg::platform {

// One file of a batch: what to read, and what came of it.
struct SmallRead {
    std::string_view name;     // a single component, in the batch's folder
    uint8_t* buffer = nullptr; // room for `size` bytes
    // Read up to this many bytes: the listed size (a file that grew since is
    // read as it was at that size, as FileHandle::readExpecting does).
    size_t size = 0;
    // Out: the file as it was once open (fstat), or why it could not be
    // opened or stat'ed (NotFound: gone; UnsafePath: a symlink now).
    Result<FileInfo> info = Error(Errc::Internal, "not read");
    // Out: bytes read into buffer (a regular file only; fewer than size:
    // it shrank), or why the read failed.
    Result<size_t> got = size_t(0);
};

class SmallFileReader {
public:
    static constexpr size_t kMaxBatch = 64;
    // The batched reader where it works here, else the one-at-a-time one.
    static std::unique_ptr<SmallFileReader> create();
    // One file at a time, always (and the fallback of the batched one).
    static std::unique_ptr<SmallFileReader> plain();
    virtual ~SmallFileReader() = default;
    // Each file of `dir` in `batch` (at most kMaxBatch): opened without
    // following a symlink or blocking on a FIFO, stat'ed, read if it is a
    // regular file, closed. A file's own failure is in its fields.
    virtual void readBatch(const DirHandle& dir, std::span<SmallRead> batch) = 0;
    // How: "through io_uring, up to 64 files a batch", "one file at a time
    // (io_uring refused by the kernel: ...)".
    virtual std::string describe() const = 0;
};

// The one-at-a-time reader, saying why the batched one is not used.
std::unique_ptr<SmallFileReader> plainBecause(std::string why);

} // namespace fg::platform
