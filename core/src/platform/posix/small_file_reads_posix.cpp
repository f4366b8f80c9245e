#include "platform/small_file_reads.h"

#include "platform/posix/file_type_posix.h"

#include <cstdlib>
#include <cstring>
#include <string>

#if FLOODGATE_HAVE_LIBURING
#include <fcntl.h>
#include <liburing.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#endif

namespace fg::platform {

// The batched reader opens relative to the folder's descriptor.
struct DirHandleAccess {
    static int fd(const DirHandle& dir) { return dir.m_fd; }
};

namespace {

#if FLOODGATE_HAVE_LIBURING

// A batch's reads and closes at once, with room to spare.
constexpr unsigned kRingEntries = 4 * SmallFileReader::kMaxBatch;
// What a read through io_uring opens with: as DirHandle::openRead, and never
// waiting on a FIFO that took a file's name since the scan.
constexpr int kOpenFlags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY;

Error openError(int err, const DirHandle& dir, std::string_view name)
{
    if (err == ELOOP) return Error(Errc::UnsafePath, dir.childPath(name) + " is a symbolic link, not a file", ELOOP);
    return sysError(err, "open " + dir.childPath(name));
}

class UringReader final : public SmallFileReader {
public:
    // The ring, or nullptr with *why said.
    static std::unique_ptr<UringReader> start(std::string* why)
    {
        auto reader = std::unique_ptr<UringReader>(new UringReader);
        const int rc = io_uring_queue_init(kRingEntries, &reader->m_ring, 0);
        if (rc < 0) {
            *why = "io_uring refused by the kernel: " + std::string(std::strerror(-rc));
            return nullptr;
        }
        reader->m_live = true;
        io_uring_probe* probe = io_uring_get_probe_ring(&reader->m_ring);
        const bool all = probe && io_uring_opcode_supported(probe, IORING_OP_OPENAT)
                         && io_uring_opcode_supported(probe, IORING_OP_READ)
                         && io_uring_opcode_supported(probe, IORING_OP_CLOSE);
        if (probe) io_uring_free_probe(probe);
        if (!all) {
            *why = "this kernel's io_uring cannot open, read and close";
            return nullptr;
        }
        return reader;
    }

    ~UringReader() override
    {
        if (m_live) io_uring_queue_exit(&m_ring);
    }

    void readBatch(const DirHandle& dir, std::span<SmallRead> batch) override
    {
        while (batch.size() > kMaxBatch) {
            readBatch(dir, batch.first(kMaxBatch));
            batch = batch.subspan(kMaxBatch);
        }
        if (batch.empty()) return;
        if (m_broken || !readRing(dir, batch)) return m_fallback->readBatch(dir, batch);
        // A read cut short by something other than the end of the file (a
        // signal, a network file system's own limit) is done again whole.
        for (SmallRead& r : batch) {
            if (!r.info.ok() || r.info->type != FileType::Regular || !r.got.ok()) continue;
            if (*r.got < std::min<uint64_t>(r.size, r.info->size)) m_fallback->readBatch(dir, {&r, 1});
        }
    }

    std::string describe() const override
    {
        return "through io_uring, up to " + std::to_string(kMaxBatch) + " files a batch";
    }

private:
    UringReader() = default;

    // Both steps through the ring; false when the ring itself failed (the
    // whole batch then goes the plain way: nothing of it was used).
    bool readRing(const DirHandle& dir, std::span<SmallRead> batch)
    {
        const int dirfd = DirHandleAccess::fd(dir);
        // Names with their terminating NUL, kept until the opens complete.
        std::string names[kMaxBatch];
        int fds[kMaxBatch];
        std::fill(std::begin(fds), std::end(fds), -1);
        int readRes[kMaxBatch];
        const size_t n = batch.size();
        for (size_t i = 0; i < n; ++i) {
            names[i] = std::string(batch[i].name);
            io_uring_sqe* sqe = take();
            io_uring_prep_openat(sqe, dirfd, names[i].c_str(), kOpenFlags, 0);
            io_uring_sqe_set_data64(sqe, i);
        }
        if (!run(unsigned(n), [&](uint64_t i, int res) { fds[i] = res; })) {
            // What did open is closed; the rest of the batch goes the plain
            // way, and so does everything after it: opens still in flight
            // would complete into a later batch's count with a stale index
            // (their descriptors are left open, never read).
            for (size_t i = 0; i < n; ++i)
                if (fds[i] >= 0) ::close(fds[i]);
            m_broken = true;
            return false;
        }
        // The stat is a plain fstat between the two submissions, not the
        // ring's statx: io_uring always hands a statx to a kernel worker
        // thread, and the read and close linked after it go along, which cost
        // more than the system call (65,536 files of 4 KiB: the sender's
        // system time 0.47 s with statx in the ring, 0.34 s one file at a time).
        unsigned ops = 0;
        for (size_t i = 0; i < n; ++i) {
            SmallRead& r = batch[i];
            r.got = size_t(0);
            if (fds[i] < 0) {
                r.info = openError(-fds[i], dir, r.name);
                continue;
            }
            struct stat st{};
            if (::fstat(fds[i], &st) != 0) {
                const int err = errno;
                r.info = sysError(err, "stat " + dir.childPath(r.name));
            } else {
                r.info = toInfo(st);
            }
            // What a FIFO, a device or a folder that took the name holds is
            // not the file's: only a regular file is read. A failed read
            // still closes the file (a hard link runs the next step whatever
            // the one before it came to).
            io_uring_sqe* sqe = nullptr;
            if (r.info.ok() && r.info->type == FileType::Regular) {
                sqe = take();
                io_uring_prep_read(sqe, fds[i], r.buffer, unsigned(r.size), 0);
                io_uring_sqe_set_data64(sqe, kRead | i);
                sqe->flags |= IOSQE_IO_HARDLINK;
                ++ops;
            }
            sqe = take();
            io_uring_prep_close(sqe, fds[i]);
            io_uring_sqe_set_data64(sqe, kClose | i);
            ++ops;
        }
        const bool ran = run(ops, [&](uint64_t data, int res) {
            // (the close of a file only read has nothing to report)
            if ((data & ~kIndex) == kRead) readRes[size_t(data & kIndex)] = res;
        });
        if (!ran) {
            // Which closes ran is not known, and closing a descriptor twice
            // could close another thread's file: the few left open stay so,
            // and this ring is not used again.
            m_broken = true;
            return false;
        }
        for (size_t i = 0; i < n; ++i) {
            SmallRead& r = batch[i];
            if (fds[i] < 0 || !r.info.ok() || r.info->type != FileType::Regular) continue;
            r.got = readRes[i] < 0 ? Result<size_t>(sysError(-readRes[i], "read " + dir.childPath(r.name)))
                                   : Result<size_t>(size_t(readRes[i]));
        }
        return true;
    }

    // A free entry. The ring is never full: a batch queues at most
    // 2 × kMaxBatch of its kRingEntries, and submits them all before the next.
    io_uring_sqe* take()
    {
        io_uring_sqe* sqe = io_uring_get_sqe(&m_ring);
        if (!sqe) std::abort();
        return sqe;
    }

    // Submits what is queued and hands each of `count` completions to
    // `take`; false if the ring failed.
    template <class Take>
    bool run(unsigned count, Take&& take)
    {
        unsigned seen = 0;
        while (seen < count) {
            const int rc = seen == 0 ? io_uring_submit_and_wait(&m_ring, count) : io_uring_submit_and_wait(&m_ring, 1);
            if (rc < 0 && rc != -EINTR) return false;
            io_uring_cqe* cqe = nullptr;
            unsigned head = 0;
            unsigned reaped = 0;
            io_uring_for_each_cqe(&m_ring, head, cqe)
            {
                take(io_uring_cqe_get_data64(cqe), cqe->res);
                ++reaped;
            }
            io_uring_cq_advance(&m_ring, reaped);
            seen += reaped;
        }
        return true;
    }

    static constexpr uint64_t kRead = 1ull << 32;
    static constexpr uint64_t kClose = 2ull << 32;
    static constexpr uint64_t kIndex = 0xffffffffull;

    io_uring m_ring{};
    bool m_live = false;
    bool m_broken = false; // the ring failed mid-batch: plain reads from then on
    std::unique_ptr<SmallFileReader> m_fallback = SmallFileReader::plain();
};

#endif // FLOODGATE_HAVE_LIBURING

} // namespace

std::unique_ptr<SmallFileReader> SmallFileReader::create()
{
    if (const char* off = std::getenv("FLOODGATE_NO_IO_URING"); off && *off && std::strcmp(off, "0") != 0)
        return plainBecause("io_uring switched off by FLOODGATE_NO_IO_URING");
#if FLOODGATE_HAVE_LIBURING
    std::string why;
    if (auto ring = UringReader::start(&why)) return ring;
    return plainBecause(why);
#else
    return plainBecause("built without liburing");
#endif
}

} // namespace fg::platform
