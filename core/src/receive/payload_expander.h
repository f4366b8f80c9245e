#pragma once
#include "internal.h"
// A network thread's decoder of the file data that comes on its connection:
// a Data, Delta or SmallFile frame that came compressed gets its raw bytes
// behind the same header, its flags saying raw, before it goes to a writer.
// Frames are expanded as they arrive, in the connection's order, which its
// zstd stream needs (so are frames of a chunk already taken: they are dropped
// only afterwards). Nothing expands past kMaxDataPayload, whatever a frame
// claims. One expander a connection; not shared between threads.

#include "codec/compress.h"
#include "codec/compress_stream.h"
#include "proto/frame.h"

#include <floodgate/error.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fg {

class PayloadExpander {
public:
    // Makes a Data, Delta or SmallFile frame raw; returns the raw bytes it
    // made (0: it came raw and is left as it was). The error is a Protocol
    // error whose message goes after the frame's description ("the Data
    // frame at offset 0 of a.txt" + " " + message).
    Result<size_t> expand(proto::Frame& frame);
    // Whether expand() leaves the frame as it is (it came raw): the common
    // case, told without looking past its flags.
    static bool arrivesRaw(const proto::Frame& frame);

    // The payload bytes [*data, *data + *n) of a frame with `flags` (what
    // follows its header): when compressed, *data and *n are set to the raw
    // bytes, in this expander's buffer until the next call. Refused
    // (Protocol), before anything beyond kMaxDataPayload + 1 bytes is
    // allocated, when the payload claims or would produce more than
    // kMaxDataPayload bytes, is malformed, or the flags are unknown. Returns
    // how they came.
    Result<codec::Algo> expandBytes(uint16_t flags, const uint8_t** data, size_t* n);

    // What its buffer holds, at most kMaxDataPayload + 1 bytes.
    size_t bufferBytes() const { return m_buffer.capacity(); }

    // A new connection: its zstd stream starts afresh (its memory is kept).
    void restart() { m_stream.restart(); }

private:
    codec::StreamDecompressor m_stream; // zstd: one stream a connection
    codec::FrameDecompressor m_frames;  // lz4: each frame on its own
    std::vector<uint8_t> m_buffer;
};

} // namespace fg
