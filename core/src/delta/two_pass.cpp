#include "delta/two_pass.h"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace fg::delta {

TwoPassEncoder::TwoPassEncoder(size_t frameLimit, uint32_t blockLength, uint64_t start)
    : m_limit(std::max<size_t>(frameLimit, kCopyOpSize + kLiteralOpHeader + 1)), m_blockLength(blockLength),
      m_start(start), m_pos(start), m_copiesTakenTo(start)
{
    m_copies.start = m_copies.pos = start;
}

void TwoPassEncoder::makeRoom(Pass& pass, size_t room)
{
    if (!pass.ops.empty() && pass.ops.size() + room > m_limit) close(pass);
}

void TwoPassEncoder::close(Pass& pass)
{
    if (pass.ops.empty()) return;
    pass.done.push_back(PassFrame{pass.start, std::move(pass.ops), pass.pos - pass.start});
    pass.ops.clear();
    pass.start = pass.pos;
}

void TwoPassEncoder::appendPendingSkip(Pass& pass)
{
    while (pass.skip > 0) {
        makeRoom(pass, kSkipOpSize);
        const uint64_t piece = std::min<uint64_t>(pass.skip, UINT32_MAX);
        appendSkip(pass.ops, piece);
        pass.pos += piece;
        pass.skip -= piece;
    }
}

void TwoPassEncoder::copy(uint32_t block, uint32_t count)
{
    const uint64_t length = uint64_t(count) * m_blockLength;
    appendPendingSkip(m_copies);
    makeRoom(m_copies, kCopyOpSize);
    appendCopy(m_copies.ops, block, count);
    m_copies.pos += length;
    if (m_literalSeen) m_literals.skip += length;
    m_pos += length;
}

void TwoPassEncoder::literal(const uint8_t* data, size_t length)
{
    if (length == 0) return;
    m_pos += length;
    m_copies.skip += length;
    if (!m_literalSeen) {
        m_literalSeen = true;
        m_literals.start = m_literals.pos = m_pos - length;
    }
    appendPendingSkip(m_literals);
    while (length > 0) {
        makeRoom(m_literals, kLiteralOpHeader + 1);
        const size_t piece = std::min(length, m_limit - m_literals.ops.size() - kLiteralOpHeader);
        appendLiteral(m_literals.ops, data, piece);
        m_literals.pos += piece;
        data += piece;
        length -= piece;
    }
}

std::vector<PassFrame> TwoPassEncoder::takeCopies()
{
    appendPendingSkip(m_copies);
    close(m_copies);
    m_copiesTakenTo = m_copies.pos;
    return std::exchange(m_copies.done, {});
}

std::vector<PassFrame> TwoPassEncoder::takeLiterals(bool all)
{
    if (all && m_literalSeen) {
        appendPendingSkip(m_literals);
        close(m_literals);
    }
    return std::exchange(m_literals.done, {});
}

} // namespace fg::delta
