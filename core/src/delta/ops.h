#pragma once
#include "internal.h"
// How a delta travels: a byte stream of instructions that rebuild the new
// version from the basis.
//   0x01 u32 block, u32 count   copy `count` whole basis blocks from `block` on
//   0x02 u32 length, bytes      these bytes, as they are
//   0x03 u32 length             bytes another frame of the segment rebuilds
//                               (see delta/two_pass.h): nothing written here
// Little-endian like every frame. The reader checks each instruction against
// the basis it refers to before anything is read or written.

#include "delta/signature.h"

#include <floodgate/error.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace fg::delta {

enum class OpKind : uint8_t { Copy = 1, Literal = 2, Skip = 3 };
inline constexpr size_t kCopyOpSize = 1 + 4 + 4;
inline constexpr size_t kLiteralOpHeader = 1 + 4;
inline constexpr size_t kSkipOpSize = 1 + 4;

void appendCopy(std::vector<uint8_t>& out, uint32_t block, uint32_t count);
void appendLiteral(std::vector<uint8_t>& out, const uint8_t* data, size_t length);
// Any length: a skip longer than a u32 goes as several.
void appendSkip(std::vector<uint8_t>& out, uint64_t length);

// The basis as the signature described it.
struct BasisGeometry {
    uint64_t size = 0;
    uint32_t blockLength = 0;
};

struct Op {
    OpKind kind = OpKind::Literal;
    uint64_t basisOffset = 0;   // copy: where in the basis
    uint64_t length = 0;        // bytes of output (a skip's: passed over)
    const uint8_t* data = nullptr; // literal: the bytes
};

// Walks one buffer of instructions; every copy lies within the basis's whole
// blocks and nothing reads past the buffer.
class OpReader {
public:
    OpReader(const uint8_t* data, size_t length, BasisGeometry basis) : m_data(data), m_length(length), m_basis(basis) {}
    // The next instruction; false at the end of the buffer.
    Result<bool> next(Op& op);

private:
    const uint8_t* m_data;
    size_t m_length;
    size_t m_at = 0;
    BasisGeometry m_basis;
};

// Rebuilds output from a buffer of instructions: copies are read from the
// basis through `readBasis`, everything goes out through `write`, in order,
// and `skip` is told of each stretch of output this buffer leaves to another.
using ReadBasis = std::function<Status(uint64_t offset, uint8_t* into, size_t length)>;
using WriteOutput = std::function<Status(const uint8_t* data, size_t length)>;
using SkipOutput = std::function<Status(uint64_t length)>;
Status applyOps(const uint8_t* ops, size_t length, BasisGeometry basis, const ReadBasis& readBasis,
                const WriteOutput& write, const SkipOutput& skip, std::vector<uint8_t>& scratch);

} // namespace fg::delta
