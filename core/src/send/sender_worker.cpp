// The sender's workers: each takes work from the scheduler, reads it and sends
// it on its stream. A broken stream hands its unsettled work back.

#include "send/sender.h"

#include "common/path.h"
#include "platform/socket.h"
#include "proto/plain_data.h"

namespace fg {
namespace {
// Files this big get read-ahead advice; smaller ones are read in a call or few.
constexpr uint64_t kSequentialAdviceBytes = 1u << 20;
// Files up to this size are read in batches (platform/small_file_reads.h):
// their open, stat, read and close cost more than their bytes.
constexpr uint64_t kBatchedFileBytes = 64u << 10;
// What one batch reads at most, into one buffer per worker.
constexpr size_t kBatchBytes = 1u << 20;

// One data frame per worker, reused for every piece it reads: the file is read
// straight into its payload, behind room for the frame's header, so a piece
// that goes raw is sent from there (on a CPU-bound link each copy of the data
// costs). Sized for a whole piece again before each read.
thread_local proto::Frame t_frame;

proto::Frame& workFrame()
{
    constexpr size_t kFull = proto::kDataHeaderSize + proto::kMaxDataPayload;
    if (t_frame.payload.size() != kFull) t_frame.payload.resize(kFull);
    return t_frame;
}

uint8_t* pieceOf(proto::Frame& frame) { return frame.payload.data() + proto::kDataHeaderSize; }
} // namespace

void Sender::workerLoop(size_t stream)
{
    auto root = m_rootDir->duplicate();
    if (!root.ok()) return fail(root.error());
    DirCache dirs(std::move(root).value(), m_links);
    proto::FrameLink* link = nullptr;
    std::shared_ptr<LinkCompression> compression;
    {
        std::lock_guard lock(m_streamMutex);
        link = m_streams[stream].link;
        compression = m_streams[stream].compression;
    }
    Outlet to{*link, *compression, {}, 0};
    // Opening files and the rest of the bookkeeping count as reading.
    StageTrack track(m_stages, linkEncrypts(*link) ? std::span<const StageId>(kWorkerStages) : kPlainWorkerStages,
                     StageId::Read, StageState::Busy);
    // A ring of this thread's own where the kernel has io_uring; each worker
    // says which it got (-v), the first for the job.
    const std::unique_ptr<platform::SmallFileReader> reader = platform::SmallFileReader::create();
    if (stream == 0) inform("small files are read " + reader->describe());
    // Work a batch took from the scheduler but could not use: done next, or
    // handed back if this worker stops first (its stream broke), as the
    // work in flight on it is.
    std::optional<WorkItem> carried;
    struct HandBack {
        Scheduler& scheduler;
        std::optional<WorkItem>& item;
        ~HandBack()
        {
            if (item) scheduler.requeue({*item});
        }
    } handBack{m_scheduler, carried};
    for (;;) {
        std::optional<WorkItem> item = carried ? std::exchange(carried, std::nullopt) : m_scheduler.tryNext();
        if (!item) {
            // Idle: the literals held behind first passes, and what the link
            // holds back for batching, must go now, or the receiver would
            // wait for them while we wait for work.
            Status st = sendTails(to, 0);
            if (st) st = link->flush();
            if (!st && !cancelled()) {
                if (m_hasDataLinks) return streamBroke(stream, st.error());
                return sendFailed(st.error());
            }
            if (!awaitWork(stream, *link, item)) {
                if (cancelled()) return; // the receiver closed it as the job was cancelled
                return streamBroke(stream, Error(Errc::Network, "its other end closed it"));
            }
        }
        if (!item) {
            (void)link->flush();
            return;
        }
        {
            std::lock_guard lock(m_streamMutex);
            m_streams[stream].inFlight[item->index].push_back(*item);
        }
        // Other work waits for the deltas' tails; the next delta segment's
        // first pass goes ahead of them.
        Status st = item->delta ? Status() : sendTails(to, 0);
        if (st)
            st = item->delta      ? sendDelta(*item, to, dirs)
                 : item->chunks   ? sendChunk(*item, to, dirs)
                 : batchable(*item) ? sendSmallBatch(*item, stream, to, dirs, *reader, carried)
                                  : sendWhole(*item, to, dirs);
        if (st) continue;
        if (cancelled()) return;
        if (st.error().code != Errc::Network) return fail(st.error());
        if (m_hasDataLinks) return streamBroke(stream, st.error());
        // The one shared link broke: the control thread will say why.
        return sendFailed(st.error());
    }
}

bool Sender::awaitWork(size_t stream, const proto::FrameLink& link, std::optional<WorkItem>& item)
{
    StageScope wait(StageId::Read, StageState::WaitInput);
    if (!m_hasDataLinks) {
        item = m_scheduler.next();
        return true;
    }
    // Files sent on this stream and not yet acknowledged are only settled
    // once the receiver has them. If its end of the connection closed or
    // reset meanwhile (a client that dropped a connection it had opened),
    // no send of ours fails to say so while we have nothing to send: look
    // now and then, so that they go on the other streams instead of being
    // waited for without end. (A peer that vanishes without a FIN or reset
    // is --timeout's to find.) A receiver that fails or cancels says so on
    // the control link before it closes its data links: while that link has
    // something unread, or the job is ending, the stream is not called lost,
    // and only on two looks in a row.
    constexpr auto kLookEvery = std::chrono::milliseconds(250);
    int goneLooks = 0;
    for (;;) {
        bool timedOut = false;
        item = m_scheduler.next(kLookEvery, &timedOut);
        if (!timedOut || cancelled()) return true;
        bool owed = false;
        {
            std::lock_guard lock(m_streamMutex);
            owed = !m_streams[stream].inFlight.empty();
        }
        if (!owed || !link.peerGone() || controlHasNews()) {
            goneLooks = 0;
            continue;
        }
        if (++goneLooks >= 2) return false;
    }
}

bool Sender::controlHasNews() const
{
    // The socket, not the link's decoder: the control thread reads that
    // meanwhile. Without one (an in-process link, whose queue may be asked
    // from any thread; a pipe's link has no data links to look at) the link.
    const int fd = m_link.socketFd();
    if (fd < 0) return m_link.frameWaiting();
    auto readable = platform::waitReady(fd, platform::Readiness::Readable, 0);
    return readable.ok() && *readable;
}

void Sender::streamBroke(size_t stream, const Error& error)
{
    std::vector<WorkItem> orphans;
    size_t alive = 0;
    size_t total = 0;
    {
        std::lock_guard lock(m_streamMutex);
        Stream& s = m_streams[stream];
        s.broken = true;
        for (auto& [index, items] : s.inFlight) orphans.insert(orphans.end(), items.begin(), items.end());
        s.inFlight.clear();
        s.link->close();
        total = m_streams.size();
        for (const auto& other : m_streams) alive += other.broken ? 0 : 1;
        if (alive == 0)
            m_allStreamsLost = Error(Errc::Network, "all " + std::to_string(total)
                                                        + " data connections to the receiver were lost (the last: "
                                                        + error.message + ")");
    }
    if (alive > 0) {
        // Its work goes out again on the streams still alive; the receiver
        // takes a chunk again from its start and ignores what it already has.
        notice(false, "", Error(Errc::Network, "data connection " + std::to_string(stream + 1) + " of "
                                                   + std::to_string(total) + " was lost (" + error.message
                                                   + "); its work goes on the other " + std::to_string(alive)));
        m_scheduler.requeue(orphans);
        return;
    }
    // Nothing left to send on: the control thread ends the job, with the
    // receiver's reason if it gave one, else with this.
    sendFailed(Error(Errc::Network, "all data connections were lost"));
}

Result<platform::FileHandle> Sender::openListed(const ListedFile& file, DirCache& dirs)
{
    const std::string rel = rootRelative(file.path);
    FG_TRY_ASSIGN(const platform::DirHandle* parent, dirs.get(parentOf(rel)));
    auto opened = parent->openRead(baseName(rel), m_links.follow());
    if (!opened.ok() && opened.error().code == Errc::NotFound)
        return Error(Errc::Vanished, "file vanished before it could be sent: " + file.path);
    if (opened.ok()) FG_TRY(m_links.checkInside(*opened, file.path));
    return opened;
}

Status Sender::fileFailed(uint32_t index, const std::string& path, const Error& error)
{
    if (!m_scheduler.resolved(index)) return {}; // settled already
    settled(index);
    m_observer.onFileFailed(index, path, error);
    proto::FileFailedMsg failed;
    failed.index = index;
    failed.code = error.code;
    failed.message = error.message;
    return m_link.send(proto::toFrame(failed));
}

// The limiter and the send stage count what goes on the wire (compressed,
// framing included for the limiter); progress counts file bytes.
Status Sender::waitForBudget(size_t bytes)
{
    if (m_limiter) {
        StageScope wait(StageId::Send, StageState::WaitOutput);
        if (!m_limiter->acquire(bytes, &cancelFlag())) return Error(Errc::Cancelled, "cancelled");
    }
    return {};
}

template <typename Send>
Status Sender::sendCounted(size_t payloadBytes, Send&& send)
{
    FG_TRY(waitForBudget(payloadBytes + proto::kFrameHeaderSize));
    {
        StageScope busy(StageId::Send, StageState::Busy);
        FG_TRY(send());
    }
    m_sendStage.addItems(1);
    return {};
}

Status Sender::sendData(proto::FrameLink& link, proto::Frame frame, bool more)
{
    return sendCounted(frame.payload.size(), [&] { return link.send(std::move(frame), more); });
}

Status Sender::sendBorrowed(proto::FrameLink& link, const proto::Frame& frame, bool more)
{
    return sendCounted(frame.payload.size(), [&] { return link.sendBorrowed(frame, more); });
}

Status Sender::sendPacked(Outlet& to, const uint8_t* in, size_t n, codec::AutoCompressState& state,
                          const std::function<proto::Frame(const PackedPayload&)>& make)
{
    std::unique_lock<std::mutex> order;
    const PackedPayload out = m_compression.pack(in, n, state, to.compression, order);
    FG_TRY(sendData(to.link, make(out), true));
    m_sendStage.addBytes(out.size);
    return {};
}

Status Sender::sendPiece(Outlet& to, proto::Frame& frame, size_t n, uint32_t index, uint64_t offset, bool start,
                         codec::AutoCompressState& state)
{
    std::unique_lock<std::mutex> order;
    const uint8_t* in = pieceOf(frame);
    const PackedPayload out = m_compression.pack(in, n, state, to.compression, order);
    if (out.data == in) {
        proto::fillDataFrame(frame, index, offset, n, start);
        FG_TRY(sendBorrowed(to.link, frame, true));
    } else {
        FG_TRY(sendData(to.link, proto::makeDataFrame(index, offset, out.data, out.size, start, out.algo), true));
    }
    m_sendStage.addBytes(out.size);
    return {};
}

Status Sender::sendSmallFile(Outlet& to, uint32_t index, const ListedFile& listedAs, int64_t mtimeNs, uint32_t mode,
                             const uint8_t* data, size_t n, codec::AutoCompressState& state)
{
    proto::SmallFileHeader h;
    h.index = index;
    h.asListed = mtimeNs == listedAs.mtimeNs && mode == listedAs.mode;
    h.mtimeNs = mtimeNs;
    h.mode = mode;
    {
        StageScope busy(StageId::Hash, StageState::Busy);
        h.hash = digestOf(m_params.checksumChoice, data, n); // of the raw bytes, before compression
    }
    m_hashStage.addBytes(n);
    std::unique_lock<std::mutex> order;
    const PackedPayload out = m_compression.pack(data, n, state, to.compression, order);
    // Its head encoded apart and both parts copied into the link's batch:
    // no frame made (and freed) for each file.
    thread_local proto::Payload t_head;
    const uint16_t flags = proto::encodeSmallFileHead(h, out.algo, t_head);
    FG_TRY(sendCounted(t_head.size() + out.size, [&] {
        return to.link.sendParts(uint16_t(proto::MsgType::SmallFile), flags, t_head, {out.data, out.size}, true);
    }));
    m_sendStage.addBytes(out.size);
    m_readStage.addItems(1);
    m_observer.onFileProgress(index, n);
    return {};
}

bool Sender::batchable(const WorkItem& item) const
{
    return !item.delta && item.chunks == 0 && item.length <= kBatchedFileBytes && !m_links.enabled
           && m_rootKind != proto::RootKind::File;
}

Status Sender::sendSmallBatch(const WorkItem& first, size_t stream, Outlet& to, DirCache& dirs,
                              platform::SmallFileReader& reader, std::optional<WorkItem>& carried)
{
    struct Batched {
        WorkItem item;
        ListedFile file;
    };
    std::vector<Batched> files;
    files.reserve(platform::SmallFileReader::kMaxBatch);
    auto head = listed(first.index);
    if (!head) return Error(Errc::Internal, "work for a file that was never listed");
    const std::string folder(parentOf(rootRelative(head->path)));
    files.push_back({first, std::move(*head)});
    uint64_t bytes = first.length;
    // More of the same folder, as long as they are ready and fit.
    while (files.size() < platform::SmallFileReader::kMaxBatch) {
        std::optional<WorkItem> next = m_scheduler.tryNext();
        if (!next) break;
        std::optional<ListedFile> file = batchable(*next) ? listed(next->index) : std::nullopt;
        if (!file || bytes + next->length > kBatchBytes || parentOf(rootRelative(file->path)) != folder) {
            carried = next;
            break;
        }
        {
            std::lock_guard lock(m_streamMutex);
            m_streams[stream].inFlight[next->index].push_back(*next);
        }
        bytes += next->length;
        files.push_back({*next, std::move(*file)});
    }

    auto dir = dirs.get(folder);
    if (!dir.ok()) {
        for (const Batched& b : files) FG_TRY(fileFailed(b.item.index, b.file.path, dir.error()));
        return {};
    }
    thread_local std::vector<uint8_t> t_buffer;
    if (t_buffer.size() < kBatchBytes) t_buffer.resize(kBatchBytes);
    // The names point into `relative`, which outlives the reads.
    std::vector<std::string> relative(files.size());
    std::vector<platform::SmallRead> reads(files.size());
    size_t at = 0;
    for (size_t i = 0; i < files.size(); ++i) {
        relative[i] = rootRelative(files[i].file.path);
        reads[i].name = baseName(relative[i]);
        reads[i].buffer = t_buffer.data() + at;
        reads[i].size = size_t(files[i].item.length);
        at += reads[i].size;
    }
    {
        StageScope busy(StageId::Read, StageState::Busy);
        reader.readBatch(**dir, reads);
    }
    for (size_t i = 0; i < files.size(); ++i) {
        if (cancelled()) return Error(Errc::Cancelled, "cancelled");
        const Batched& b = files[i];
        platform::SmallRead& r = reads[i];
        if (!r.info.ok()) {
            Error e = std::move(r.info).error();
            if (e.code == Errc::NotFound) e = Error(Errc::Vanished, "file vanished before it could be sent: " + b.file.path);
            FG_TRY(fileFailed(b.item.index, b.file.path, e));
            continue;
        }
        if (r.info->type != platform::FileType::Regular) {
            FG_TRY(fileFailed(b.item.index, b.file.path,
                              Error(Errc::Vanished, b.file.path + " is no longer a regular file")));
            continue;
        }
        if (!r.got.ok()) {
            // The receiver may hold part of it: FileFailed makes it drop that.
            FG_TRY(fileFailed(b.item.index, b.file.path, r.got.error()));
            continue;
        }
        m_readStage.addBytes(*r.got);
        m_observer.onFileStarted(b.item.index, b.file.path, r.info->size);
        codec::AutoCompressState compressState = m_compression.startFile(b.file.path);
        // Stamped with the time of the stat before the read, as sendWhole does.
        FG_TRY(sendSmallFile(to, b.item.index, b.file, r.info->mtimeNs, r.info->mode, r.buffer, *r.got, compressState));
    }
    return {};
}

Status Sender::sendWhole(const WorkItem& item, Outlet& to, DirCache& dirs)
{
    proto::FrameLink& link = to.link;
    auto file = listed(item.index);
    if (!file) return Error(Errc::Internal, "work for a file that was never listed");
    auto opened = openListed(*file, dirs);
    if (!opened.ok()) return fileFailed(item.index, file->path, opened.error());
    platform::FileHandle handle = std::move(opened).value();
    auto info = handle.stat();
    if (!info.ok()) return fileFailed(item.index, file->path, info.error());
    if (info->type != platform::FileType::Regular)
        return fileFailed(item.index, file->path, Error(Errc::Vanished, file->path + " is no longer a regular file"));
    // Read-ahead advice pays off only over many reads; a small file is one.
    if (info->size >= kSequentialAdviceBytes) handle.adviseSequential();
    // The target is stamped with the time taken before the first read: if the
    // file changes while it is read, the target's time then differs from the
    // source's and the next run sends it again. A time taken after the read
    // could pair new time with old bytes, and a quick check would never
    // notice.
    const int64_t mtimeNs = info->mtimeNs;

    Hasher hasher(m_params.checksumChoice);
    codec::AutoCompressState compressState = m_compression.startFile(file->path);
    uint64_t offset = 0;
    bool started = false;
    for (;;) {
        if (cancelled()) return Error(Errc::Cancelled, "cancelled");
        proto::Frame& frame = workFrame();
        uint8_t* buffer = pieceOf(frame);
        Result<size_t> got = Error();
        {
            StageScope busy(StageId::Read, StageState::Busy);
            got = handle.readExpecting(buffer, proto::kMaxDataPayload,
                                       info->size >= offset ? info->size - offset : UINT64_MAX);
        }
        if (!got.ok()) {
            // The receiver may hold part of it: FileFailed makes it drop that.
            return fileFailed(item.index, file->path, got.error());
        }
        const size_t n = *got;
        m_readStage.addBytes(n);
        if (!started) m_observer.onFileStarted(item.index, file->path, info->size);
        // A file that fits one frame travels as one SmallFile frame, its
        // metadata and hash included: one frame and one hand-off per file.
        if (offset == 0 && n < proto::kMaxDataPayload)
            return sendSmallFile(to, item.index, *file, mtimeNs, info->mode, buffer, n, compressState);
        {
            StageScope busy(StageId::Hash, StageState::Busy);
            hasher.update(buffer, n);
        }
        m_hashStage.addBytes(n);
        if (n == 0) break;
        FG_TRY(sendPiece(to, frame, n, item.index, offset, !started, compressState));
        started = true;
        offset += n;
        m_observer.onFileProgress(item.index, offset);
        if (n < proto::kMaxDataPayload) break;
    }
    m_readStage.addItems(1);
    proto::FileEndMsg end;
    end.index = item.index;
    end.size = offset;
    end.mtimeNs = mtimeNs;
    end.mode = info->mode;
    end.hash = hasher.digest();
    return link.send(proto::toFrame(end), true);
}

Result<platform::FileHandle> Sender::beginChunk(const WorkItem& item, const ListedFile& file, DirCache& dirs)
{
    FG_TRY_ASSIGN(platform::FileHandle handle, openListed(file, dirs));
    FG_TRY_ASSIGN(platform::FileInfo info, handle.stat());
    // Chunks read at different times must come from one version of the file.
    if (info.type != platform::FileType::Regular || info.size != file.size || info.mtimeNs != file.mtimeNs)
        return Error(Errc::Vanished, file.path + " changed while it was being sent; run the sync again");
    std::lock_guard lock(m_streamMutex);
    auto [it, fresh] = m_chunked.try_emplace(item.index);
    if (fresh) {
        it->second.mtimeNs = info.mtimeNs;
        it->second.mode = info.mode;
    }
    if (!it->second.started) {
        it->second.started = true;
        m_observer.onFileStarted(item.index, file.path, file.size);
    }
    return handle;
}

bool Sender::chunkProgress(const WorkItem& item, const ListedFile& file, uint64_t bytes)
{
    uint64_t fileSent = 0;
    {
        std::lock_guard lock(m_streamMutex);
        auto it = m_chunked.find(item.index);
        if (it == m_chunked.end()) return false; // settled meanwhile (failed elsewhere)
        fileSent = it->second.bytesSent += bytes;
    }
    m_observer.onFileProgress(item.index, std::min(fileSent, file.size));
    return true;
}

Status Sender::finishChunk(const WorkItem& item, uint64_t length, const ListedFile& file, const Digest& hash,
                           proto::FrameLink& link)
{
    m_scheduler.chunkSent(item);
    proto::ChunkEndMsg chunkEnd;
    chunkEnd.index = item.index;
    chunkEnd.offset = item.offset;
    chunkEnd.length = length;
    chunkEnd.hash = hash;
    FG_TRY(link.send(proto::toFrame(chunkEnd), true));
    m_readStage.addItems(1);

    // The first time every chunk is out, FileEnd follows on the control link
    // (it must not be lost with a data stream; resent chunks do not repeat it).
    std::optional<proto::FileEndMsg> end;
    {
        std::lock_guard lock(m_streamMutex);
        auto it = m_chunked.find(item.index);
        if (it == m_chunked.end()) return {};
        ChunkedFile& cf = it->second;
        // A resend of a chunk sent before its stream broke covers nothing new.
        if (cf.hashes.try_emplace(item.offset, hash).second) {
            cf.bytesCovered += length;
            if (cf.bytesCovered == file.size) {
                std::vector<Digest> inOrder;
                inOrder.reserve(cf.hashes.size());
                for (const auto& [offset, chunkHash] : cf.hashes) inOrder.push_back(chunkHash);
                end.emplace();
                end->index = item.index;
                end->size = file.size;
                end->mtimeNs = cf.mtimeNs;
                end->mode = cf.mode;
                end->hash = proto::chunkTreeHash(m_params.checksumChoice, inOrder);
                end->chunks = uint32_t(inOrder.size());
            }
        }
    }
    if (end) return m_link.send(proto::toFrame(*end));
    return {};
}

Status Sender::sendChunk(const WorkItem& item, Outlet& to, DirCache& dirs)
{
    auto file = listed(item.index);
    if (!file) return Error(Errc::Internal, "work for a file that was never listed");
    auto opened = beginChunk(item, *file, dirs);
    if (!opened.ok()) return fileFailed(item.index, file->path, opened.error());
    platform::FileHandle handle = std::move(opened).value();

    Hasher hasher(m_params.checksumChoice);
    codec::AutoCompressState compressState = m_compression.startFile(file->path);
    uint64_t done = 0;
    for (;;) {
        if (cancelled()) return Error(Errc::Cancelled, "cancelled");
        // The end game may cut the chunk short for another stream.
        const auto want = size_t(m_scheduler.claim(item, item.offset + done, proto::kMaxDataPayload));
        if (want == 0) break;
        proto::Frame& frame = workFrame();
        uint8_t* buffer = pieceOf(frame);
        Result<size_t> got = Error();
        {
            StageScope busy(StageId::Read, StageState::Busy);
            got = handle.pread(buffer, want, item.offset + done);
        }
        if (!got.ok()) return fileFailed(item.index, file->path, got.error());
        if (*got != want)
            return fileFailed(item.index, file->path,
                              Error(Errc::Vanished, file->path + " shrank while it was being sent; run the sync again"));
        m_readStage.addBytes(want);
        {
            StageScope busy(StageId::Hash, StageState::Busy);
            hasher.update(buffer, want);
        }
        m_hashStage.addBytes(want);
        FG_TRY(sendPiece(to, frame, want, item.index, item.offset + done, done == 0, compressState));
        done += want;
        if (!chunkProgress(item, *file, want)) return {};
    }
    if (!m_scheduler.unresolved(item.index)) return {}; // settled meanwhile (failed elsewhere)
    return finishChunk(item, done, *file, hasher.digest(), to.link);
}

} // namespace fg
