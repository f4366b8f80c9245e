#pragma once
#include "internal.h"
// What the two zstd decoders (a frame on its own, a piece of a connection's
// stream) share: the wording of their refusals, and growing the output buffer
// without letting it pass the size that proves a payload too large.

#include <floodgate/error.h>

#include <zstd.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fg::codec {

inline std::string sizeText(unsigned long long n) { return std::to_string(n) + " bytes"; }

inline Error malformed(const std::string& what) { return Error(Errc::Protocol, "decompress: " + what); }

// Grows `out` (and zstd's view of it) to exactly `size` bytes: resize alone
// may double the capacity, past the limit.
inline void growTo(std::vector<uint8_t>& out, ZSTD_outBuffer& view, size_t size)
{
    out.reserve(size);
    out.resize(size);
    view.dst = out.data();
    view.size = size;
}

} // namespace fg::codec
