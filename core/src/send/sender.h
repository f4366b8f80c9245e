#pragma once
#include "internal.h"
// The sending role: scans the source, streams the file list, and sends the
// data of every file the receiver asks for.
// Threads: this one scans and lists; a control thread reads the receiver's
// plan and acknowledgements from the control link; one worker per data link
// (or a few sharing the one link of an ssh or in-process session) takes work
// from the scheduler, reads it and sends it.

#include "common/clock.h"
#include "delta/signature_index.h"
#include "delta/two_pass.h"
#include "exec/rate_limiter.h"
#include "metrics/stage_track.h"
#include "net/socket_tuning.h"
#include "options/transfer_params.h"
#include "platform/small_file_reads.h"
#include "proto/frame.h"
#include "role/observer.h"
#include "role/role_base.h"
#include "scan/dir_cache.h"
#include "scan/file_entry.h"
#include "scan/file_list.h"
#include "send/scheduler.h"
#include "send/send_compression.h"
#include "send/signature_inbox.h"
#include "send/summary_inbox.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace fg {

class Sender final : public RoleBase {
public:
    // dataLinks may be empty: then file data shares the control link.
    Sender(RootSpec root, TransferParams params, proto::FrameLink& control, std::vector<proto::FrameLink*> dataLinks,
           RoleObserver& observer, StageSet& stages, RateLimiter* limiter);
    ~Sender() override;

    // Runs the whole role; returns when the receiver confirmed the end of the
    // job, or with the error that stopped it.
    Status run();
    void addDataLink(proto::FrameLink* link) override;

    // Before run(), for a client that sends its list before the server has
    // accepted the job (protocol 6): `greeting` reads the server's answer on
    // the control thread before anything else (an error ends the role), and
    // the data connections are still joining: they come by addDataLink, or
    // noDataLinks() says none will and the control link carries the data.
    void awaitGreeting(std::function<Status()> greeting);
    // The job's bottleneck diagnosis names `layer` now (any thread): auto
    // compression raises its level only where fewer bytes may help.
    void bottleneckIs(const std::string& layer) { m_compression.bottleneckIs(layer); }
    void expectDataLinks();
    void noDataLinks();

private:
    // What a worker does with each piece of a file, in order (see
    // metrics/stage_track.h); encryption, on a link that has it, is counted
    // by the link (net/).
    static constexpr StageId kWorkerStages[] = {StageId::Read,     StageId::Hash,    StageId::Match,
                                                StageId::Compress, StageId::Encrypt, StageId::Send};
    static constexpr StageId kPlainWorkerStages[] = {StageId::Read, StageId::Hash, StageId::Match, StageId::Compress,
                                                     StageId::Send};

    struct ListedFile {
        std::string path;
        uint64_t size;
        int64_t mtimeNs;
        uint32_t mode;
    };

    // A file on its way in chunks, shared by the workers sending them.
    // Chunks are told apart by offset: the end game cuts them as it goes
    // (scheduler.h), so their number is known only once they cover the file.
    struct ChunkedFile {
        std::map<uint64_t, Digest> hashes; // by offset, once sent
        uint64_t bytesCovered = 0;         // by the chunks in `hashes`
        uint64_t bytesSent = 0;
        bool started = false;
        int64_t mtimeNs = 0;
        uint32_t mode = 0;
    };

    // One stream: a link, and the work sent on it that the receiver has not
    // settled yet (handed back to the scheduler if the stream breaks).
    struct Stream {
        proto::FrameLink* link = nullptr;
        // The link's zstd stream: one per data link; the workers sharing the
        // one link of an ssh or in-process session share one.
        std::shared_ptr<LinkCompression> compression;
        std::unordered_map<uint32_t, std::vector<WorkItem>> inFlight;
        bool broken = false;
    };

    // A delta segment whose first pass has gone: its literals (the second
    // pass) and its ChunkEnd are still to go, behind the first passes of the
    // segments after it (see delta/two_pass.h).
    struct DeltaTail {
        WorkItem item;
        ListedFile file;
        codec::AutoCompressState compress;
        std::deque<delta::PassFrame> literals;
        std::optional<Digest> hash; // once the segment is matched to its end
        // Progress counts what the second pass has sent: the receiver has
        // the file up to there (the first pass runs far ahead of it).
        uint64_t progressAt = 0;
    };

    // Where a worker's frames go, and what it still owes that link.
    struct Outlet {
        proto::FrameLink& link;
        LinkCompression& compression;
        std::deque<DeltaTail> tails;
        uint64_t tailBytes = 0; // literal instructions the tails hold
    };

    // Without data links: a few streams share the control link (and one
    // zstd stream); m_streamMutex held, m_streams empty.
    void shareControlLinkLocked();
    Status openRoot();
    Status scanAndList();
    void controlLoop();
    void workerLoop(size_t stream);
    // A file's own problem is reported and the job goes on (ok); an error
    // comes back only when the stream or the job cannot go on.
    Status sendWhole(const WorkItem& item, Outlet& to, DirCache& dirs);
    // Whether an item is a small file read whole in a batch with others of
    // its folder (sendSmallBatch): not under -L, nor a single-file root.
    bool batchable(const WorkItem& item) const;
    // `first` and the small files of its folder that are ready now (up to
    // a batch), read in one go by `reader`; sent as sendWhole would send
    // each. Work that does not belong in the batch comes back in `carried`,
    // for the worker's next turn.
    Status sendSmallBatch(const WorkItem& first, size_t stream, Outlet& to, DirCache& dirs,
                          platform::SmallFileReader& reader, std::optional<WorkItem>& carried);
    // A file that fits one frame, read whole: one SmallFile frame with its
    // time and mode (left out where they are those `listedAs` gave) and hash
    // (of `data`, before compression).
    Status sendSmallFile(Outlet& to, uint32_t index, const ListedFile& listedAs, int64_t mtimeNs, uint32_t mode,
                         const uint8_t* data, size_t n, codec::AutoCompressState& state);
    Status sendChunk(const WorkItem& item, Outlet& to, DirCache& dirs);
    // A segment of a delta: matched against the receiver's signature; its
    // first pass goes at once, its second becomes a tail (sender_delta.cpp).
    Status sendDelta(const WorkItem& item, Outlet& to, DirCache& dirs);
    // Sends the tails' frames, waiting on the link until they hold at most
    // `keep` bytes, then as long as the link takes more without waiting;
    // each finished tail's ChunkEnd follows its last frame.
    Status sendTails(Outlet& to, uint64_t keep);
    // Chunks and delta segments alike: open the file, check it is the listed
    // version, and register it for FileEnd; the error is the file's.
    Result<platform::FileHandle> beginChunk(const WorkItem& item, const ListedFile& file, DirCache& dirs);
    // False once the file is settled (failed elsewhere): stop sending it.
    bool chunkProgress(const WorkItem& item, const ListedFile& file, uint64_t bytes);
    // ChunkEnd, and FileEnd once every chunk is out.
    // `length`: what was sent of it, which the end game may have cut short.
    Status finishChunk(const WorkItem& item, uint64_t length, const ListedFile& file, const Digest& hash,
                       proto::FrameLink& link);
    // A piece of a receiver's signature (control thread); a complete one
    // schedules its file as a delta.
    Status onSignature(proto::SignatureMsg&& msg);
    Status sendData(proto::FrameLink& link, proto::Frame frame, bool more);
    // The same for a frame the caller reuses (a worker's data frame).
    Status sendBorrowed(proto::FrameLink& link, const proto::Frame& frame, bool more);
    // What every frame of file data goes through: the bandwidth limit's
    // leave for a frame of `payloadBytes`, then `send()` timed as sending and
    // counted as one frame sent.
    template <typename Send>
    Status sendCounted(size_t payloadBytes, Send&& send);
    // Waits for the bandwidth limit's leave to send `bytes`.
    Status waitForBudget(size_t bytes);
    // Packs raw bytes in[0, n) (compressed or not) and sends the frame
    // `make` builds around them; while the payload is a piece of the link's
    // zstd stream, no other frame of that stream can come between.
    Status sendPacked(Outlet& to, const uint8_t* in, size_t n, codec::AutoCompressState& state,
                      const std::function<proto::Frame(const PackedPayload&)>& make);
    // A piece of a file at `offset`, read into `frame` (the worker's data
    // frame, see sender_worker.cpp): sent from where it was read when it goes
    // raw, else as a new frame of the packed bytes.
    Status sendPiece(Outlet& to, proto::Frame& frame, size_t n, uint32_t index, uint64_t offset, bool start,
                     codec::AutoCompressState& state);
    Status fileFailed(uint32_t index, const std::string& path, const Error& error);
    void settled(uint32_t index);
    // Waits for the worker's next work (nullopt: none is left); false if
    // the stream's other end went away with work of it unacknowledged.
    bool awaitWork(size_t stream, const proto::FrameLink& link, std::optional<WorkItem>& item);
    // The control link has bytes or a frame not yet read (the receiver's
    // news, which may explain a data link's end).
    bool controlHasNews() const;
    void streamBroke(size_t stream, const Error& error);
    void abortQueues() override;
    bool endExchanged() const override { return m_jobDone.load(); }
    // Every tick: the auto compression level; every few: what limits the
    // data connections (see StreamWatch).
    void onTick() override;
    std::vector<diagnosis::ConnectionReading> sendingConnections() const override;
    // A problem or an observation for the user, here and at the far end.
    std::optional<ListedFile> listed(uint32_t index);
    // --remove-source-files, after JobDone: each file the receiver has is
    // removed here, if it is as it was when listed.
    void removeSentFiles();
    // A listed path as a path below m_rootDir: the list names a named root's
    // entries with its name first, and a file root by the file's name.
    std::string rootRelative(std::string_view listPath) const;
    Result<platform::FileHandle> openListed(const ListedFile& file, DirCache& dirs);

    RootSpec m_root;
    TransferParams m_params;
    RateLimiter* m_limiter;
    StageCounters& m_scanStage;
    StageCounters& m_readStage;
    StageCounters& m_hashStage;
    StageCounters& m_sendStage;
    StageCounters& m_matchStage;
    SendCompression m_compression; // its stage: "compress"

    proto::RootKind m_rootKind = proto::RootKind::Contents;
    std::string m_rootName;
    std::optional<platform::DirHandle> m_rootDir; // the directory names are relative to
    FollowLinks m_links;                           // -L, confined to a daemon's module
    std::string m_fileName;                        // RootKind::File: the file inside m_rootDir

    FileList m_list;

    Scheduler m_scheduler;
    bool m_hasDataLinks = false;
    // The receiver's signatures of files that go as deltas, until settled.
    SignatureInbox m_signatures;
    // Tree summaries are compared (FileListBegin said so): the receiver's,
    // as they come (role/tree_summaries.h).
    bool m_treeSummaries = false;
    SummaryInbox m_summaries;
    mutable std::mutex m_streamMutex; // guards the two below
    std::vector<Stream> m_streams;
    std::unordered_map<uint32_t, ChunkedFile> m_chunked;
    std::optional<Error> m_allStreamsLost; // every data link broke; the job ends with this
    std::vector<std::thread> m_workers;
    bool m_acceptLinks = true; // false once the workers are being joined
    bool m_started = false;      // workers run (before, links only queue up)
    bool m_linksPending = false; // expectDataLinks(), and none came yet
    std::condition_variable m_streamsCv; // m_linksPending went false, or cancel
    std::function<Status()> m_greeting;

    std::atomic<bool> m_jobDone{false};
    StreamWatch m_watch; // stats thread only
    std::atomic<uint64_t> m_lastHeardNs{0}; // the last frame from the receiver (monotonicNs)
    std::vector<uint32_t> m_removable; // --remove-source-files (control thread)
    unsigned m_ticks = 0;
};

} // namespace fg
