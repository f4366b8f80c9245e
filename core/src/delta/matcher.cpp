#include "delta/matcher.h"

namespace fg::delta {

void Matcher::flushCopy(DeltaSink& sink)
{
    if (!m_runStart) return;
    if (m_runLength > 0) sink.copy(*m_runStart, m_runLength);
    m_runStart.reset();
    m_runLength = 0;
}

void Matcher::emitRun(DeltaSink& sink)
{
    if (!m_runStart || m_runLength == 0) return;
    sink.copy(*m_runStart, m_runLength);
    // Where the run would go on: the next block is still the likely match.
    *m_runStart += m_runLength;
    m_runLength = 0;
}

void Matcher::emitLiteral(const uint8_t* data, size_t length, DeltaSink& sink)
{
    if (length == 0) return;
    flushCopy(sink);
    sink.literal(data, length);
    m_literal += length;
}

size_t Matcher::scan(const uint8_t* data, size_t length, bool final, DeltaSink& sink)
{
    const size_t block = m_index.blockLength();
    size_t at = 0;         // the window's start
    size_t literalFrom = 0; // unmatched bytes from here to `at`
    if (m_index.empty() || block == 0) {
        // Nothing to find: all of it is literal, and none needs holding back.
        emitLiteral(data, length, sink);
        if (final) flushCopy(sink);
        return length;
    }
    // The sums live in locals while the loop runs: the input is bytes, which
    // may alias anything, so members would be reloaded and stored every byte.
    RollingSum sum = m_sum.value_or(RollingSum());
    bool haveSum = m_sum.has_value();
    while (at + block <= length) {
        // Right after a match the next basis block is the likely one: in a
        // file that changed little this is nearly every window, and it needs
        // no rolling sums.
        if (m_runStart && at == literalFrom && !haveSum && m_index.isBlock(*m_runStart + m_runLength, data + at)) {
            ++m_runLength;
            m_matched += block;
            at += block;
            literalFrom = at;
            continue;
        }
        if (!haveSum) {
            sum = RollingSum::of(data + at, block);
            haveSum = true;
        }
        const uint32_t weak = sum.key();
        if (m_index.mayContain(weak)) {
            if (auto hit = m_index.find(weak, data + at, std::nullopt)) {
                emitLiteral(data + literalFrom, at - literalFrom, sink);
                if (m_runStart && *hit == *m_runStart + m_runLength) {
                    ++m_runLength;
                } else {
                    flushCopy(sink);
                    m_runStart = *hit;
                    m_runLength = 1;
                }
                m_matched += block;
                at += block;
                literalFrom = at;
                haveSum = false;
                continue;
            }
        }
        if (at + block == length) break; // the byte to roll in is not here yet
        sum.roll(data[at], data[at + block]);
        ++at;
    }
    m_sum.reset();
    if (haveSum) m_sum = sum;
    if (final) {
        emitLiteral(data + literalFrom, length - literalFrom, sink);
        flushCopy(sink);
        m_sum.reset();
        return length;
    }
    // The window at `at` may still match once more input arrives behind it.
    emitLiteral(data + literalFrom, at - literalFrom, sink);
    return at;
}

} // namespace fg::delta
