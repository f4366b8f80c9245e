#pragma once
#include "internal.h"
// rsync's search, as a step function over the caller's buffer: slide a window
// over the new data one byte at a time; where the window is a basis block,
// say "copy that block" and jump past it; what lies between matches goes as
// literal bytes. Matches are found at any offset, so insertions and deletions
// that shift the rest of a file cost only the bytes around them.

#include "delta/rolling_sum.h"
#include "delta/signature_index.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace fg::delta {

class DeltaSink {
public:
    virtual ~DeltaSink() = default;
    // `count` consecutive basis blocks from `block` on.
    virtual void copy(uint32_t block, uint32_t count) = 0;
    virtual void literal(const uint8_t* data, size_t length) = 0;
};

class Matcher {
public:
    explicit Matcher(const SignatureIndex& index) : m_index(index) {}

    // `data` holds the input not yet settled, starting where the last call
    // stopped. Emits what it settles and returns how many leading bytes that
    // is: the caller drops them, appends more input after the rest and calls
    // again. The last call has `final` set and settles everything.
    size_t scan(const uint8_t* data, size_t length, bool final, DeltaSink& sink);

    // Emits the run of matched blocks in progress now, so what was matched so
    // far can travel; the run may go on (and is then emitted as another copy).
    void emitRun(DeltaSink& sink);

    uint64_t matchedBytes() const { return m_matched; }
    uint64_t literalBytes() const { return m_literal; }

private:
    void flushCopy(DeltaSink& sink);
    void emitLiteral(const uint8_t* data, size_t length, DeltaSink& sink);

    const SignatureIndex& m_index;
    std::optional<RollingSum> m_sum; // of the window at the first unsettled byte
    std::optional<uint32_t> m_runStart;
    uint32_t m_runLength = 0;
    uint64_t m_matched = 0;
    uint64_t m_literal = 0;
};

} // namespace fg::delta
