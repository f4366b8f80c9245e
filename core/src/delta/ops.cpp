#include "delta/ops.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <string>

namespace fg::delta {
namespace {
void putU32(std::vector<uint8_t>& out, uint32_t v)
{
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}
uint32_t getU32(const uint8_t* p)
{
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
// Copies are read and written in pieces of at most this: big runs of
// matched blocks must not need a buffer of their size.
constexpr size_t kCopyPiece = 1 << 20;
} // namespace

void appendCopy(std::vector<uint8_t>& out, uint32_t block, uint32_t count)
{
    out.push_back(uint8_t(OpKind::Copy));
    putU32(out, block);
    putU32(out, count);
}

void appendLiteral(std::vector<uint8_t>& out, const uint8_t* data, size_t length)
{
    out.push_back(uint8_t(OpKind::Literal));
    putU32(out, uint32_t(length));
    out.insert(out.end(), data, data + length);
}

void appendSkip(std::vector<uint8_t>& out, uint64_t length)
{
    while (length > 0) {
        const auto piece = uint32_t(std::min<uint64_t>(length, std::numeric_limits<uint32_t>::max()));
        out.push_back(uint8_t(OpKind::Skip));
        putU32(out, piece);
        length -= piece;
    }
}

Result<bool> OpReader::next(Op& op)
{
    if (m_at == m_length) return false;
    const size_t left = m_length - m_at;
    const uint8_t* p = m_data + m_at;
    switch (OpKind(p[0])) {
    case OpKind::Copy: {
        if (left < kCopyOpSize) return Error(Errc::Protocol, "a delta copy instruction is cut short");
        const uint64_t block = getU32(p + 1);
        const uint64_t count = getU32(p + 5);
        const uint64_t blocks = wholeBlocks(m_basis.size, m_basis.blockLength);
        if (count == 0 || block >= blocks || count > blocks - block)
            return Error(Errc::Protocol, "a delta refers to blocks " + std::to_string(block) + "+" + std::to_string(count)
                                             + " of an old copy that has " + std::to_string(blocks));
        op.kind = OpKind::Copy;
        op.basisOffset = block * m_basis.blockLength;
        op.length = count * m_basis.blockLength;
        op.data = nullptr;
        m_at += kCopyOpSize;
        return true;
    }
    case OpKind::Literal: {
        if (left < kLiteralOpHeader) return Error(Errc::Protocol, "a delta literal is cut short");
        const uint32_t n = getU32(p + 1);
        if (n == 0 || n > left - kLiteralOpHeader)
            return Error(Errc::Protocol, "a delta literal claims " + std::to_string(n) + " bytes where "
                                             + std::to_string(left - kLiteralOpHeader) + " remain");
        op.kind = OpKind::Literal;
        op.basisOffset = 0;
        op.length = n;
        op.data = p + kLiteralOpHeader;
        m_at += kLiteralOpHeader + n;
        return true;
    }
    case OpKind::Skip: {
        if (left < kSkipOpSize) return Error(Errc::Protocol, "a delta skip is cut short");
        const uint32_t n = getU32(p + 1);
        if (n == 0) return Error(Errc::Protocol, "a delta skip of 0 bytes");
        op.kind = OpKind::Skip;
        op.basisOffset = 0;
        op.length = n;
        op.data = nullptr;
        m_at += kSkipOpSize;
        return true;
    }
    }
    return Error(Errc::Protocol, "unknown delta instruction " + std::to_string(p[0]));
}

Status applyOps(const uint8_t* ops, size_t length, BasisGeometry basis, const ReadBasis& readBasis,
                const WriteOutput& write, const SkipOutput& skip, std::vector<uint8_t>& scratch)
{
    OpReader reader(ops, length, basis);
    Op op;
    for (;;) {
        FG_TRY_ASSIGN(bool more, reader.next(op));
        if (!more) return {};
        if (op.kind == OpKind::Literal) {
            FG_TRY(write(op.data, size_t(op.length)));
            continue;
        }
        if (op.kind == OpKind::Skip) {
            FG_TRY(skip(op.length));
            continue;
        }
        for (uint64_t done = 0; done < op.length;) {
            const size_t piece = size_t(std::min<uint64_t>(kCopyPiece, op.length - done));
            if (scratch.size() < piece) scratch.resize(piece);
            FG_TRY(readBasis(op.basisOffset + done, scratch.data(), piece));
            FG_TRY(write(scratch.data(), piece));
            done += piece;
        }
    }
}

} // namespace fg::delta
