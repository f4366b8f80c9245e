#include "proto/frame.h"

#include "exec/bounded_queue.h"
#include "metrics/stage_track.h"
#include "platform/socket.h"
#include "proto/wire.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <optional>
#include <thread>

namespace fg::proto {

void encodeFrameHeader(uint8_t* out, uint32_t length, uint16_t type, uint16_t flags)
{
    for (int i = 0; i < 4; ++i) out[i] = uint8_t(length >> (8 * i));
    out[4] = uint8_t(type);
    out[5] = uint8_t(type >> 8);
    out[6] = uint8_t(flags);
    out[7] = uint8_t(flags >> 8);
}

std::vector<uint8_t> encodeFrames(const std::vector<Frame>& frames)
{
    std::vector<uint8_t> out;
    for (const auto& f : frames) {
        uint8_t header[kFrameHeaderSize];
        encodeFrameHeader(header, uint32_t(f.payload.size()), f.type, f.flags);
        out.insert(out.end(), header, header + kFrameHeaderSize);
        out.insert(out.end(), f.payload.begin(), f.payload.end());
    }
    return out;
}

void FrameDecoder::reserveTail(size_t n)
{
    if (m_capacity - m_end >= n) return;
    // Move what is left to the front first; grow only if that is not enough.
    const size_t kept = buffered();
    if (m_start > 0 && m_capacity - kept >= n) {
        std::memmove(m_buffer.get(), m_buffer.get() + m_start, kept);
    } else {
        const size_t capacity = std::max(kept + n, m_capacity * 2);
        auto grown = std::make_unique_for_overwrite<uint8_t[]>(capacity);
        if (kept > 0) std::memcpy(grown.get(), m_buffer.get() + m_start, kept);
        m_buffer = std::move(grown);
        m_capacity = capacity;
    }
    m_start = 0;
    m_end = kept;
}

void FrameDecoder::feed(const uint8_t* data, size_t n)
{
    if (n == 0) return;
    std::memcpy(prepare(n), data, n);
    commit(n);
}

uint8_t* FrameDecoder::prepare(size_t n)
{
    if (m_start == m_end) m_start = m_end = 0;
    reserveTail(n);
    return m_buffer.get() + m_end;
}

void FrameDecoder::commit(size_t n) { m_end += std::min(n, m_capacity - m_end); }

uint32_t FrameDecoder::headerLength() const
{
    return WireReader(m_buffer.get() + m_start, kFrameHeaderSize).u32();
}

Result<bool> FrameDecoder::peekLength(uint32_t* length)
{
    if (m_failed) return Error(Errc::Protocol, "frame stream already failed");
    if (buffered() < kFrameHeaderSize) return false;
    *length = headerLength();
    if (*length > kMaxFramePayload) {
        m_failed = true;
        return Error(Errc::Protocol, "frame of " + std::to_string(*length) + " bytes exceeds the maximum of "
                                         + std::to_string(kMaxFramePayload)
                                         + " (a corrupt stream, or a peer that does not speak floodgate)");
    }
    return true;
}

bool FrameDecoder::frameBuffered() const
{
    if (m_failed || buffered() < kFrameHeaderSize) return m_failed;
    const uint32_t length = headerLength();
    return length > kMaxFramePayload || buffered() >= kFrameHeaderSize + length;
}

Result<bool> FrameDecoder::next(Frame* frame)
{
    uint32_t length = 0;
    FG_TRY_ASSIGN(bool header, peekLength(&length));
    if (!header || buffered() < kFrameHeaderSize + length) return false;
    const uint8_t* h = m_buffer.get() + m_start;
    frame->type = uint16_t(h[4] | h[5] << 8);
    frame->flags = uint16_t(h[6] | h[7] << 8);
    assignBytes(frame->payload, h + kFrameHeaderSize, length);
    m_start += kFrameHeaderSize + length;
    return true;
}

Result<bool> FrameDecoder::takePartial(Frame* frame, size_t minPayload, size_t* total)
{
    uint32_t length = 0;
    FG_TRY_ASSIGN(bool header, peekLength(&length));
    if (!header || length < minPayload || buffered() >= kFrameHeaderSize + length) return false;
    const uint8_t* h = m_buffer.get() + m_start;
    frame->type = uint16_t(h[4] | h[5] << 8);
    frame->flags = uint16_t(h[6] | h[7] << 8);
    *total = length;
    frame->payload.clear();
    frame->payload.reserve(length);
    appendBytes(frame->payload, h + kFrameHeaderSize, m_end - m_start - kFrameHeaderSize);
    m_start = m_end = 0;
    return true;
}

Status FrameLink::sendBorrowed(const Frame& frame, bool more)
{
    // Not Frame's copy: a Payload copied as a vector goes a byte at a time
    // (proto/wire.h, appendBytes).
    Frame copy;
    copy.type = frame.type;
    copy.flags = frame.flags;
    assignBytes(copy.payload, frame.payload.data(), frame.payload.size());
    return send(std::move(copy), more);
}

Status FrameLink::sendParts(uint16_t type, uint16_t flags, std::span<const uint8_t> head,
                            std::span<const uint8_t> body, bool more)
{
    Frame frame;
    frame.type = type;
    frame.flags = flags;
    frame.payload.reserve(head.size() + body.size());
    appendBytes(frame.payload, head.data(), head.size());
    appendBytes(frame.payload, body.data(), body.size());
    return send(std::move(frame), more);
}

// ---- StreamFrameLink -------------------------------------------------------

namespace {
// Writes are batched up to this size: big enough that small frames (file list,
// small files) share one TLS record and one syscall, small enough to keep the
// link responsive.
constexpr size_t kWriteBatchBytes = 256 * 1024;
constexpr size_t kReadChunkBytes = 256 * 1024;
// After a big frame the next is likely big too: read just one TLS record's
// worth, so that its header arrives and the rest can go straight into it.
constexpr size_t kAfterBigReadBytes = 16 * 1024;
// Frames this big (file data) skip the batch buffer and are read into and
// written from their own payload: on a CPU-bound transfer each copy of the
// data costs (a profile of a 1 GiB push over the veth had five user-space
// copies of every byte at 8 % of both cores).
constexpr size_t kDirectPayloadBytes = 64 * 1024;
// A big frame's header, and as much of its payload as fills the batch up to
// a whole number of these (TLS records), go through the batch buffer: the
// header never travels in a record of its own, and the flush before the
// rest of the frame ends no record short.
constexpr size_t kRecordBytes = 16 * 1024;
} // namespace

StreamFrameLink::StreamFrameLink(net::StreamPtr stream) : m_stream(std::move(stream))
{
    m_out.reserve(kWriteBatchBytes + kFrameHeaderSize);
}

StreamFrameLink::~StreamFrameLink() { close(); }

namespace {
// Another thread is sending on the link: the frame waits for the way out.
std::unique_lock<std::mutex> lockToSend(std::mutex& mutex)
{
    std::unique_lock lock(mutex, std::try_to_lock);
    if (!lock.owns_lock()) {
        StageScope wait(StageId::Send, StageState::WaitOutput);
        lock.lock();
    }
    return lock;
}
} // namespace

Status StreamFrameLink::send(Frame frame, bool more)
{
    auto lock = lockToSend(m_sendMutex);
    return appendLocked(frame, more);
}

Status StreamFrameLink::sendBorrowed(const Frame& frame, bool more)
{
    auto lock = lockToSend(m_sendMutex);
    return appendLocked(frame, more);
}

Status StreamFrameLink::sendParts(uint16_t type, uint16_t flags, std::span<const uint8_t> head,
                                  std::span<const uint8_t> body, bool more)
{
    // A big one goes as any big frame does.
    if (head.size() + body.size() >= kDirectPayloadBytes) return FrameLink::sendParts(type, flags, head, body, more);
    auto lock = lockToSend(m_sendMutex);
    if (m_closed.load()) return Error(Errc::Network, "connection closed");
    return batchLocked(type, flags, head, body, more);
}

Status StreamFrameLink::sendFinal(Frame frame, int timeoutMs)
{
    // Polled, not a timed lock: a last word is rare, and ThreadSanitizer does
    // not see glibc's timed locks (pthread_mutex_clocklock), so it reported
    // their unlock as the unlock of a free mutex.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    std::unique_lock lock(m_sendMutex, std::try_to_lock);
    while (!lock.owns_lock()) {
        if (std::chrono::steady_clock::now() >= deadline) return Error(Errc::Network, "the connection is blocked");
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        (void)lock.try_lock();
    }
    return appendLocked(frame, false);
}

Status StreamFrameLink::appendLocked(const Frame& frame, bool more)
{
    if (frame.payload.size() > kMaxFramePayload)
        return Error(Errc::Internal, "refusing to send an oversized frame");
    if (m_closed.load()) return Error(Errc::Network, "connection closed");
    const size_t size = frame.payload.size();
    if (size < kDirectPayloadBytes) return batchLocked(frame.type, frame.flags, frame.payload, {}, more);
    // A big frame: its head, and its payload up to a record's end, through
    // the batch; the rest from where it is, right behind.
    uint8_t header[kFrameHeaderSize];
    encodeFrameHeader(header, uint32_t(size), frame.type, frame.flags);
    if (m_out.size() + kFrameHeaderSize + kRecordBytes > kWriteBatchBytes && !m_out.empty()) FG_TRY(flushLocked());
    const size_t batched = (kRecordBytes - (m_out.size() + kFrameHeaderSize) % kRecordBytes) % kRecordBytes;
    m_out.insert(m_out.end(), header, header + kFrameHeaderSize);
    m_out.insert(m_out.end(), frame.payload.begin(), frame.payload.begin() + std::ptrdiff_t(batched));
    FG_TRY(flushLocked());
    FG_TRY(m_stream->writeAll(frame.payload.data() + batched, size - batched));
    m_sent.fetch_add(size - batched, std::memory_order_relaxed);
    return {};
}

Status StreamFrameLink::batchLocked(uint16_t type, uint16_t flags, std::span<const uint8_t> head,
                                   std::span<const uint8_t> body, bool more)
{
    const size_t size = head.size() + body.size();
    uint8_t header[kFrameHeaderSize];
    encodeFrameHeader(header, uint32_t(size), type, flags);
    if (m_out.size() + kFrameHeaderSize + size > kWriteBatchBytes && !m_out.empty()) FG_TRY(flushLocked());
    m_out.insert(m_out.end(), header, header + kFrameHeaderSize);
    m_out.insert(m_out.end(), head.begin(), head.end());
    m_out.insert(m_out.end(), body.begin(), body.end());
    if (!more || m_out.size() >= kWriteBatchBytes) FG_TRY(flushLocked());
    return {};
}

Status StreamFrameLink::flush()
{
    auto lock = lockToSend(m_sendMutex);
    return flushLocked();
}

Status StreamFrameLink::flushLocked()
{
    if (m_out.empty()) return {};
    Status st = m_stream->writeAll(m_out.data(), m_out.size());
    if (st) m_sent.fetch_add(m_out.size(), std::memory_order_relaxed);
    m_out.clear();
    return st;
}

Result<Frame> StreamFrameLink::receive()
{
    Frame frame;
    FG_TRY(receiveInto(frame));
    return frame;
}

Status StreamFrameLink::receiveInto(Frame& frame)
{
    for (;;) {
        FG_TRY_ASSIGN(bool complete, m_decoder.next(&frame));
        if (complete) return {};
        if (m_closed.load()) return Error(Errc::Network, "connection closed");
        size_t total = 0;
        FG_TRY_ASSIGN(bool partial, m_decoder.takePartial(&frame, kDirectPayloadBytes, &total));
        if (partial) {
            // The rest of a big frame, straight into its payload (never past
            // its end: what follows stays with the stream for the next call),
            // which grows as the bytes come.
            m_lastBig = true;
            while (frame.payload.size() < total) {
                if (m_closed.load()) return Error(Errc::Network, "connection closed");
                const size_t have = frame.payload.size();
                frame.payload.resize(have + std::min(total - have, kReadChunkBytes));
                auto n = m_stream->read(frame.payload.data() + have, frame.payload.size() - have);
                frame.payload.resize(have + (n.ok() ? *n : 0));
                FG_TRY(n);
                if (*n == 0) return Error(Errc::Network, "the connection ended in the middle of a frame");
                m_received.fetch_add(*n, std::memory_order_relaxed);
            }
            return {};
        }
        const size_t chunk = m_lastBig ? kAfterBigReadBytes : kReadChunkBytes;
        m_lastBig = false;
        FG_TRY_ASSIGN(size_t n, m_stream->read(m_decoder.prepare(chunk), chunk));
        m_decoder.commit(n);
        if (n == 0) {
            if (m_decoder.buffered() > 0)
                return Error(Errc::Network, "the connection ended in the middle of a frame");
            return Error(Errc::Network, "the peer closed the connection");
        }
        m_received.fetch_add(n, std::memory_order_relaxed);
    }
}

void StreamFrameLink::close()
{
    if (m_closed.exchange(true)) return;
    std::lock_guard lock(m_streamSwap);
    m_stream->shutdown();
}

bool StreamFrameLink::peerGone() const
{
    std::lock_guard lock(m_streamSwap);
    const int fd = m_stream->socketFd();
    return fd >= 0 && platform::peerHasClosed(fd); // (a pipe cannot say)
}

Status StreamFrameLink::switchStream(const std::function<Result<net::StreamPtr>(net::Stream&)>& change)
{
    {
        std::lock_guard lock(m_sendMutex);
        if (!m_out.empty()) return Error(Errc::Internal, "switching the stream of a link with unsent frames");
    }
    if (m_decoder.buffered() > 0) return Error(Errc::Internal, "switching the stream of a link with unread bytes");
    // Not under m_streamSwap: change() may wait on the peer, and a close()
    // meanwhile must still reach the old stream to wake it.
    FG_TRY_ASSIGN(net::StreamPtr next, change(*m_stream));
    std::lock_guard lock(m_streamSwap);
    m_stream = std::move(next);
    if (m_closed.load()) m_stream->shutdown();
    return {};
}

// ---- memory link -----------------------------------------------------------

namespace {

struct MemoryPipe {
    explicit MemoryPipe(size_t capacity) : queue(capacity) {}
    BoundedQueue<Frame> queue;
};

class MemoryFrameLink final : public FrameLink {
public:
    MemoryFrameLink(std::shared_ptr<MemoryPipe> out, std::shared_ptr<MemoryPipe> in)
        : m_out(std::move(out)), m_in(std::move(in)) {}
    ~MemoryFrameLink() override { close(); }

    Status send(Frame frame, bool) override
    {
        size_t cost = frame.payload.size() + kFrameHeaderSize;
        {
            // Full: the receiving end has not taken what is in flight.
            StageScope wait(StageId::Send, StageState::WaitOutput);
            if (!m_out->queue.push(std::move(frame), cost)) return Error(Errc::Network, "the peer closed the connection");
        }
        m_sent.fetch_add(cost, std::memory_order_relaxed);
        return {};
    }
    Status flush() override { return {}; }
    Status sendFinal(Frame frame, int) override
    {
        size_t cost = frame.payload.size() + kFrameHeaderSize;
        if (!m_out->queue.pushAlways(std::move(frame), cost)) return Error(Errc::Network, "the peer closed the connection");
        return {};
    }
    Result<Frame> receive() override
    {
        std::optional<Frame> frame;
        {
            StageScope wait(StageId::Receive, StageState::WaitInput);
            frame = m_in->queue.pop();
        }
        if (!frame) return Error(Errc::Network, "the peer closed the connection");
        m_received.fetch_add(frame->payload.size() + kFrameHeaderSize, std::memory_order_relaxed);
        return std::move(*frame);
    }
    // One reader: what is queued stays for it.
    bool frameWaiting() const override { return !m_in->queue.empty(); }
    // The peer's close() aborts what we send into.
    bool peerGone() const override { return m_out->queue.closed(); }
    bool inProcess() const override { return true; }
    void close() override
    {
        // Close what we send (the peer drains it, then sees the end) and what
        // we receive (the peer's sends fail instead of blocking forever).
        m_out->queue.close();
        m_in->queue.abort();
    }
    uint64_t bytesSent() const override { return m_sent.load(std::memory_order_relaxed); }
    uint64_t bytesReceived() const override { return m_received.load(std::memory_order_relaxed); }
    std::string describe() const override { return "in-process"; }

private:
    std::shared_ptr<MemoryPipe> m_out;
    std::shared_ptr<MemoryPipe> m_in;
    std::atomic<uint64_t> m_sent{0};
    std::atomic<uint64_t> m_received{0};
};

} // namespace

std::pair<FrameLinkPtr, FrameLinkPtr> makeMemoryLinkPair(size_t capacityBytes)
{
    auto ab = std::make_shared<MemoryPipe>(capacityBytes);
    auto ba = std::make_shared<MemoryPipe>(capacityBytes);
    return {std::make_unique<MemoryFrameLink>(ab, ba), std::make_unique<MemoryFrameLink>(ba, ab)};
}

} // namespace fg::proto
