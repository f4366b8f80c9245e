#pragma once
#include "internal.h"
// Frames: the unit on every connection. Header (8 bytes, little-endian):
// u32 payload length, u16 type, u16 flags; then the payload. The length is
// checked against kMaxFramePayload before anything is allocated.

#include <floodgate/error.h>

#include "net/stream.h"
#include "proto/wire.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

namespace fg::proto {

inline constexpr size_t kFrameHeaderSize = 8;
// Data frames carry up to 256 KiB; file-list batches are cut at 256 KiB too.
// 4 MiB leaves room for growth while bounding what one peer can make us hold
// per connection.
inline constexpr uint32_t kMaxFramePayload = 4u << 20;

struct Frame {
    uint16_t type = 0;
    uint16_t flags = 0;
    Payload payload;
};

void encodeFrameHeader(uint8_t* out, uint32_t length, uint16_t type, uint16_t flags);
// Frames as they go on the wire, one after another: the bytes FrameDecoder
// takes apart (for tests and fuzz inputs; the links write their frames as
// they go).
std::vector<uint8_t> encodeFrames(const std::vector<Frame>& frames);

// Incremental decoding of frames out of a byte stream; used by StreamFrameLink
// and directly by the fuzz target.
class FrameDecoder {
public:
    // Appends input; after this, next() yields complete frames.
    void feed(const uint8_t* data, size_t n);
    // Room for up to n more bytes, to be read into in place of feed(); then
    // commit() says how many arrived.
    uint8_t* prepare(size_t n);
    void commit(size_t n);
    // True with *frame filled when a whole frame is buffered, false when more
    // input is needed, an error for an oversized frame (the decoder then stays failed).
    Result<bool> next(Frame* frame);
    // A frame of at least minPayload bytes whose header is buffered but not
    // all of its payload: true with *total its payload's length, and in
    // frame->payload the buffered part, taken out of the decoder, with room
    // reserved for the rest to be read straight in behind it. False when
    // there is no such frame. The room is only reserved, not filled: a peer
    // that announces a big frame and sends nothing costs address space, not
    // memory.
    Result<bool> takePartial(Frame* frame, size_t minPayload, size_t* total);
    size_t buffered() const { return m_end - m_start; }
    // next() would return at once, with no more input: a whole frame is
    // buffered (or an oversized header, which next() reports).
    bool frameBuffered() const;

private:
    // The header of the next frame if it is buffered; an error if it is oversized.
    Result<bool> peekLength(uint32_t* length);
    // The payload length in the buffered header of the next frame (one must be there).
    uint32_t headerLength() const;
    void reserveTail(size_t n);

    // Not a vector: reading in place must not zero the room first.
    std::unique_ptr<uint8_t[]> m_buffer;
    size_t m_capacity = 0;
    size_t m_start = 0;
    size_t m_end = 0;
    bool m_failed = false;
};

// A bidirectional channel of frames. send() may be called from several threads
// (frames are kept whole); receive() from one thread. close() from any thread
// makes pending and later calls fail promptly.
class FrameLink {
public:
    virtual ~FrameLink() = default;
    // `more` says another frame follows at once, so the link may hold this one
    // back to batch writes; without it the frame is on its way when send returns.
    virtual Status send(Frame frame, bool more = false) = 0;
    // The same for a frame the caller keeps and reuses (a worker's data frame,
    // read into in place): a link that writes it out at once need not copy it.
    // By default the frame is copied and sent.
    virtual Status sendBorrowed(const Frame& frame, bool more = false);
    // A frame given as two parts of its payload, a head and the bytes behind
    // it (a small file's header and data): a link that batches its writes
    // copies them once, into the batch, with no frame made for them.
    virtual Status sendParts(uint16_t type, uint16_t flags, std::span<const uint8_t> head,
                             std::span<const uint8_t> body, bool more = false);
    virtual Status flush() = 0;
    // A last word before closing (an error, a cancel): gives up after about
    // timeoutMs instead of waiting on a peer that does not read.
    virtual Status sendFinal(Frame frame, int timeoutMs) = 0;
    virtual Result<Frame> receive() = 0;
    // The same into `frame`, whose payload's memory it may reuse (a reader
    // that recycles its frames' buffers).
    virtual Status receiveInto(Frame& frame)
    {
        FG_TRY_ASSIGN(frame, receive());
        return {};
    }
    // receive() would return a frame at once, without waiting on the stream:
    // a reader that hands frames on may hold back wake-ups until this is false
    // (false when the link cannot tell).
    virtual bool frameWaiting() const { return false; }
    virtual void close() = 0;
    // True once the other end has closed or reset the link: what is sent
    // now, and what was sent but not yet read there, is lost. Never blocks;
    // false where the link cannot tell. (A sender whose frames sit unread in
    // a dead connection's buffer learns it from here, not from a send.)
    virtual bool peerGone() const { return false; }
    // Frames move by pointer within this process (a local job's roles):
    // nothing is encoded, so compressing one to save bytes saves none.
    virtual bool inProcess() const { return false; }
    virtual uint64_t bytesSent() const = 0;
    virtual uint64_t bytesReceived() const = 0;
    virtual std::string describe() const = 0;
    // The TCP socket underneath, if any (-1 otherwise).
    virtual int socketFd() const { return -1; }
};

using FrameLinkPtr = std::unique_ptr<FrameLink>;

// Frames over a byte stream (TCP, TLS, an ssh pipe).
class StreamFrameLink final : public FrameLink {
public:
    explicit StreamFrameLink(net::StreamPtr stream);
    ~StreamFrameLink() override;
    Status send(Frame frame, bool more = false) override;
    Status sendBorrowed(const Frame& frame, bool more = false) override;
    Status sendParts(uint16_t type, uint16_t flags, std::span<const uint8_t> head, std::span<const uint8_t> body,
                     bool more = false) override;
    Status flush() override;
    Status sendFinal(Frame frame, int timeoutMs) override;
    Result<Frame> receive() override;
    Status receiveInto(Frame& frame) override;
    bool frameWaiting() const override { return m_decoder.frameBuffered(); }
    void close() override;
    bool peerGone() const override;
    uint64_t bytesSent() const override { return m_sent.load(std::memory_order_relaxed); }
    uint64_t bytesReceived() const override { return m_received.load(std::memory_order_relaxed); }
    std::string describe() const override { return m_stream->describe(); }
    int socketFd() const override { return m_stream->socketFd(); }
    net::Stream& stream() { return *m_stream; }
    const net::Stream& stream() const { return *m_stream; }
    // Moves the link onto another stream between frames (a data connection
    // that drops from TLS to plain TCP once joined): `change` gets the current
    // stream and returns its successor. Refused while bytes are buffered in
    // either direction, since they belong to the old stream. close() from
    // another thread stays safe throughout.
    Status switchStream(const std::function<Result<net::StreamPtr>(net::Stream&)>& change);

private:
    Status appendLocked(const Frame& frame, bool more);
    // A frame under kDirectPayloadBytes into the batch, its payload in two
    // parts (either may be empty).
    Status batchLocked(uint16_t type, uint16_t flags, std::span<const uint8_t> head, std::span<const uint8_t> body,
                       bool more);
    Status flushLocked();

    net::StreamPtr m_stream;
    std::mutex m_sendMutex;
    std::vector<uint8_t> m_out;
    FrameDecoder m_decoder;
    bool m_lastBig = false; // the last frame was read straight into its payload
    std::atomic<uint64_t> m_sent{0};
    std::atomic<uint64_t> m_received{0};
    std::atomic<bool> m_closed{false};
    mutable std::mutex m_streamSwap; // close() and peerGone() against switchStream() replacing m_stream
};

// Two in-process links joined back to back (local-to-local jobs): frames move
// by pointer, no encoding, bounded by bytes in flight for back-pressure.
std::pair<FrameLinkPtr, FrameLinkPtr> makeMemoryLinkPair(size_t capacityBytes);

} // namespace fg::proto
