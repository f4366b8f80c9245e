#pragma once
#include "internal.h"
// The receiver's half of a delta before its data comes: the old copy of each
// file planned as a delta (or the partial file an interrupted run left,
// which holds more of the new version) is signed on a thread of its own, so
// that signing one file overlaps the transfer of others, and its signature
// goes to the sender in pieces as they are ready. The copy as signed is kept
// (open, up to a bound) for the writer that rebuilds the file from it, so a
// rebuild never reads a copy other than the one the sender matched against.
//
// Threads: the planner notes partial files and queues files; the signer
// thread (and, for a big old copy, helpers of its own) reads and sends;
// writers open their file's basis and settle files. Everything here is
// guarded by one mutex.

#include <floodgate/error.h>

#include "delta/ops.h"
#include "delta/signature.h"
#include "exec/bounded_queue.h"
#include "exec/task_thread.h"
#include "metrics/stage_set.h"
#include "platform/fs.h"
#include "proto/frame.h"
#include "scan/dir_cache.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace fg {

class BasisSigner {
public:
    // What the signer needs from its receiver.
    struct Host {
        // The file's target path (relative to the job's root) while it is
        // still wanted; nullopt once it is settled: it is not signed then.
        std::function<std::optional<std::string>(uint32_t index)> wantedTarget;
        // Sends a Signature frame to the sender (on the control link).
        std::function<Status(proto::Frame frame)> send;
        // A file whose old copy could not be read goes whole: said here.
        std::function<void(const std::string& target, const Error& why)> notice;
        // The job failed: the signer stops.
        std::function<void(const Error& error)> fail;
        // The job is being cancelled.
        std::function<bool()> cancelled;
    };
    struct Limits {
        // Signatures sent for files not settled yet: the sender holds each
        // until its file is sent, so this bounds its memory (and ours)
        // however many files change. 16 bytes a block in memory: 32 MiB is
        // the signature of ~32 GiB of old copies in 16 KiB blocks (1 GiB
        // files), more for bigger files.
        uint64_t outstandingSignatureBytes = 32u << 20;
        // Old copies kept open from their signing to their rebuilding, at
        // most: a job that changed a million files does not hold a million
        // descriptors. Past it, the rebuilding opens the old copy again by
        // name and checks it is still the one signed.
        size_t heldBases = 256;
    };
    // A basis opened for rebuilding: the old copy as signed.
    struct Basis {
        std::shared_ptr<platform::FileHandle> file;
        delta::BasisGeometry geometry;
    };

    BasisSigner(StageSet& stages, Host host, uint64_t seed, Limits limits);
    BasisSigner(StageSet& stages, Host host, uint64_t seed) : BasisSigner(stages, std::move(host), seed, Limits{}) {}
    ~BasisSigner();
    BasisSigner(const BasisSigner&) = delete;
    BasisSigner& operator=(const BasisSigner&) = delete;

    // Starts the signer thread, which opens old copies below `root` (its
    // own handle). Not started (a dry run, a destination not made yet):
    // nothing is signed.
    void start(platform::DirHandle root);
    // Signs the file's old copy (or its partial file) once its turn comes.
    void enqueue(uint32_t index);
    // No more files come: the thread ends once the queue is empty.
    void finish();
    // Stops at once (the job failed or was cancelled); finish() still joins.
    void abort();

    // A file with a partial file from an interrupted run: its path from the
    // target's directory, signed instead of the old copy and removed once
    // the file is in place.
    void notePartial(uint32_t index, std::string pathFromTargetDir);
    std::optional<std::string> partialOf(uint32_t index) const;
    // --partial-dir: a folder partial files were taken from or put in, to
    // remove if left empty before directory times are set.
    void notePartialFolder(std::string folder);
    std::set<std::string> takePartialFolders();

    // The old copy the sender's delta for `index` was made against, for its
    // writer. A Protocol error when no signature was sent for it; Vanished
    // when the copy signed is gone or changed (it was not held open).
    Result<Basis> openBasis(uint32_t index, const std::string& target, DirCache& dirs);
    // The file is settled: its partial file and its signature no longer count.
    void forget(uint32_t index);

    // How fast old copies were read (bytes a second of the signing's wall
    // time), once enough was read to say; 0 before.
    double readRate() const;
    // Signature bytes sent for files not settled yet.
    uint64_t outstandingBytes() const;

private:
    // An old copy as it was signed, so the writer can tell if it changed since.
    struct Signed {
        std::string name; // relative to the target's directory: the target, or its partial file
        uint64_t size = 0;
        int64_t mtimeNs = 0;
        uint32_t blockLength = 0;
        uint64_t signatureBytes = 0;
        // The copy as signed, kept open (up to a bound), so that the delta
        // rebuilds from it even if another job replaces or removes the name.
        std::shared_ptr<platform::FileHandle> held;
    };
    // Signs `blocks` blocks of an old copy on `threads` threads and hands
    // each piece to the sink in file order; returns the signing's wall time.
    using PieceSink = std::function<Status(uint64_t first, const std::vector<delta::BlockSignature>& piece)>;

    void signLoop(platform::DirHandle root);
    void signOne(uint32_t index, DirCache& dirs);
    Status sendSignature(uint32_t index, const std::string& basisName, const std::shared_ptr<platform::FileHandle>& basis,
                         const platform::FileInfo& info);
    Result<uint64_t> signInPieces(platform::FileHandle& file, uint32_t blockLength, uint64_t blocks, unsigned threads,
                                  const PieceSink& send);
    // Its signature no longer counts (settled, or it goes whole after all).
    void dropSignature(uint32_t index);
    bool stopping() const;
    // Opens `path`, relative to the target's directory, never through a symlink.
    static Result<platform::FileHandle> openBeside(const std::string& target, const std::string& path, DirCache& dirs);

    StageSet& m_stages;
    StageCounters& m_signStage;
    const Host m_host;
    const uint64_t m_seed;
    const Limits m_limits;

    BoundedQueue<uint32_t> m_queue;
    exec::TaskThread m_thread;
    std::atomic<bool> m_aborted{false};

    mutable std::mutex m_mutex;
    std::condition_variable m_roomCv; // the signer waits here while too much is outstanding
    std::unordered_map<uint32_t, Signed> m_signed;
    std::unordered_map<uint32_t, std::string> m_partials;
    std::set<std::string> m_partialFolders;
    uint64_t m_outstanding = 0;
    size_t m_held = 0; // of m_signed, those with their copy kept open
    // The signing's wall time (its threads' time is the sign stage's).
    std::atomic<uint64_t> m_wallNs{0};
};

} // namespace fg
