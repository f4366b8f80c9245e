#pragma once
#include "internal.h"
// A segment of a delta goes in two passes. The first carries the copies, with
// skips where new bytes go; the second carries the new bytes, with skips over
// what the copies rebuilt. The first pass is small (a few bytes for every run
// of matched blocks), so it can run far ahead of the second: on a long link
// the receiver rebuilds most of a file from its old copy while the literals
// are still in slow start, instead of all of it after the last one arrives.
// The receiver hashes a segment in order in the second pass, reading back
// what the first pass wrote where the second skips.

#include "delta/matcher.h"
#include "delta/ops.h"

#include <cstdint>
#include <vector>

namespace fg::delta {

// One frame's instructions, the offset their output starts at, and how much
// output they cover (skips included).
struct PassFrame {
    uint64_t offset = 0;
    std::vector<uint8_t> ops;
    uint64_t length = 0;
};

class TwoPassEncoder final : public DeltaSink {
public:
    // `frameLimit`: the most instruction bytes in one frame; `start`: where
    // the segment's output starts.
    TwoPassEncoder(size_t frameLimit, uint32_t blockLength, uint64_t start);

    void copy(uint32_t block, uint32_t count) override;
    void literal(const uint8_t* data, size_t length) override;

    // The first pass for all output described so far. Send these before
    // anything the next takeLiterals gives: a second-pass frame must not
    // reach the receiver before the first pass over its stretch.
    std::vector<PassFrame> takeCopies();
    // Second-pass frames that are full; with `all` (the segment is matched
    // to its end) the rest, ending where the segment ends. None at all when
    // the segment has no new bytes: the first pass rebuilt it in order.
    std::vector<PassFrame> takeLiterals(bool all);

    // Output described so far that no first-pass frame taken covers yet.
    uint64_t copiesPending() const { return m_pos - m_copiesTakenTo; }
    size_t literalFramesReady() const { return m_literals.done.size(); }
    uint64_t output() const { return m_pos - m_start; }

private:
    struct Pass {
        std::vector<PassFrame> done;
        std::vector<uint8_t> ops;
        uint64_t start = 0; // where `ops` output starts
        uint64_t pos = 0;   // where it ends
        uint64_t skip = 0;  // a skip not appended yet (consecutive ones merge)
    };
    // Closes the frame being filled unless `room` more bytes fit in it.
    void makeRoom(Pass& pass, size_t room);
    void appendPendingSkip(Pass& pass);
    void close(Pass& pass);

    size_t m_limit;
    uint32_t m_blockLength;
    uint64_t m_start;
    uint64_t m_pos;
    uint64_t m_copiesTakenTo;
    Pass m_copies;
    Pass m_literals;
    bool m_literalSeen = false; // the second pass starts at the first literal
};

} // namespace fg::delta
