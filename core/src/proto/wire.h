#pragma once
#include "internal.h"
// Little-endian encoding for message payloads. WireReader never reads past its
// input and bounds every length before use: a hostile peer gets an error, not
// an allocation or an out-of-bounds read.

#include <floodgate/error.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace fg::proto {

// Like std::allocator, but growing a vector with it leaves the new elements
// uninitialised instead of zeroing them: a frame's payload is read into or
// written over right after it grows (a 1 GiB push spent 5-7 % of the
// receiver's time zeroing payloads it then read file data into).
template <class T>
struct UninitialisedAllocator : std::allocator<T> {
    template <class U>
    struct rebind {
        using other = UninitialisedAllocator<U>;
    };
    UninitialisedAllocator() = default;
    template <class U>
    UninitialisedAllocator(const UninitialisedAllocator<U>&) noexcept {}
    template <class U>
    void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>)
    {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args)
    {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};

// A frame's payload. Unoptimised builds (the sanitizers' Debug build) keep
// std::allocator: there a vector with any other allocator constructs and
// destroys its bytes one call at a time as it grows, shrinks or is cleared
// (~50 ns a byte: an AddressSanitizer daemon was 47-66 % busy receiving
// 8 MB/s, and a link test read that as a receiver too busy to read), where
// std::allocator's zeroing is one memset.
#if defined(__OPTIMIZE__) || defined(NDEBUG)
using Payload = std::vector<uint8_t, UninitialisedAllocator<uint8_t>>;
#else
using Payload = std::vector<uint8_t>;
#endif

// Appends n bytes to a payload with one memmove. Not insert() or assign()
// from a range, push_back() that grows it, or a copy of the vector:
// libstdc++ takes its memmove paths only for std::allocator itself, so with
// this allocator those copy (and move, when the vector grows) one byte at a
// time, which took ~4 % of both ends' CPU in a small-file push. `data` may
// point into `out`.
inline constexpr size_t kMinPayloadRoom = 64;

inline void appendBytes(Payload& out, const void* data, size_t n)
{
    if (n == 0) return;
    const size_t at = out.size();
    if (out.capacity() - at < n) {
        // Both copies into a new buffer before the old one goes. At least
        // kMinPayloadRoom: a message written field by field (WireWriter)
        // then takes one allocation, not one for each of its first fields.
        Payload grown;
        grown.reserve(std::max({at + n, 2 * out.capacity(), kMinPayloadRoom}));
        grown.resize(at + n);
        if (at > 0) std::memcpy(grown.data(), out.data(), at);
        std::memcpy(grown.data() + at, data, n);
        out.swap(grown);
        return;
    }
    out.resize(at + n);
    std::memmove(out.data() + at, data, n); // (assignBytes may hand it out's own bytes)
}

// Makes a payload hold exactly these n bytes (see appendBytes), which may be
// its own: they are moved before the payload is cut or grown (growing zeroes
// the new bytes in unoptimised builds).
inline void assignBytes(Payload& out, const void* data, size_t n)
{
    if (n <= out.size()) {
        if (n > 0) std::memmove(out.data(), data, n);
        out.resize(n);
        return;
    }
    out.clear();
    appendBytes(out, data, n);
}

class WireWriter {
public:
    explicit WireWriter(Payload& out) : m_out(out) {}

    void u8(uint8_t v) { appendBytes(m_out, &v, 1); }
    void u16(uint16_t v) { putLe(v, 2); }
    void u32(uint32_t v) { putLe(v, 4); }
    void u64(uint64_t v) { putLe(v, 8); }
    void i64(int64_t v) { putLe(uint64_t(v), 8); }
    void bytes(const void* data, size_t n)
    {
        appendBytes(m_out, data, n);
    }
    // u32 length, then the bytes.
    void string(std::string_view s)
    {
        u32(uint32_t(s.size()));
        bytes(s.data(), s.size());
    }
    template <size_t N>
    void array(const std::array<uint8_t, N>& a) { bytes(a.data(), N); }

private:
    void putLe(uint64_t v, int n)
    {
        uint8_t bytes[8];
        for (int i = 0; i < n; ++i) bytes[i] = uint8_t(v >> (8 * i));
        appendBytes(m_out, bytes, size_t(n));
    }
    Payload& m_out;
};

class WireReader {
public:
    WireReader(const uint8_t* data, size_t n) : m_p(data), m_end(data + n) {}
    // A Payload or any other vector of bytes (one type in unoptimised builds).
    template <class Allocator>
    explicit WireReader(const std::vector<uint8_t, Allocator>& v) : WireReader(v.data(), v.size())
    {
    }

    size_t remaining() const { return size_t(m_end - m_p); }
    bool failed() const { return m_failed; }
    // The first problem met, for the error message ("file list entry 3: string too long").
    const std::string& failure() const { return m_failure; }

    uint8_t u8() { return uint8_t(getLe(1)); }
    uint16_t u16() { return uint16_t(getLe(2)); }
    uint32_t u32() { return uint32_t(getLe(4)); }
    uint64_t u64() { return getLe(8); }
    int64_t i64() { return int64_t(getLe(8)); }

    // A u32-length-prefixed string of at most maxLen bytes.
    std::string string(size_t maxLen)
    {
        uint32_t n = u32();
        if (m_failed) return {};
        if (n > maxLen) {
            fail("string of " + std::to_string(n) + " bytes exceeds the limit of " + std::to_string(maxLen));
            return {};
        }
        if (n > remaining()) {
            fail("string runs past the end of the frame");
            return {};
        }
        std::string s(reinterpret_cast<const char*>(m_p), n);
        m_p += n;
        return s;
    }

    template <size_t N>
    std::array<uint8_t, N> array()
    {
        std::array<uint8_t, N> a{};
        if (take(N)) std::memcpy(a.data(), m_p - N, N);
        return a;
    }

    // A view of the next n bytes (valid while the frame lives).
    const uint8_t* view(size_t n) { return take(n) ? m_p - n : nullptr; }
    // Everything left, as a view.
    const uint8_t* rest(size_t* n)
    {
        *n = remaining();
        const uint8_t* p = m_p;
        m_p = m_end;
        return p;
    }

    // A count read from the wire, bounded by a limit and by what is left (each
    // element takes at least minElementBytes), so it cannot drive a huge reserve().
    uint32_t count(uint32_t limit, size_t minElementBytes)
    {
        uint32_t n = u32();
        if (m_failed) return 0;
        if (n > limit || (minElementBytes > 0 && size_t(n) > remaining() / minElementBytes)) {
            fail("count " + std::to_string(n) + " is more than the frame can hold");
            return 0;
        }
        return n;
    }

    void fail(std::string why)
    {
        if (!m_failed) m_failure = std::move(why);
        m_failed = true;
        m_p = m_end;
    }

    // Ok when nothing failed and, if exact, every byte was consumed.
    Status finish(const char* what, bool exact = true) const
    {
        if (m_failed) return Error(Errc::Protocol, std::string("malformed ") + what + ": " + m_failure);
        if (exact && m_p != m_end)
            return Error(Errc::Protocol, std::string("malformed ") + what + ": " + std::to_string(remaining())
                                             + " unexpected trailing bytes");
        return {};
    }

private:
    bool take(size_t n)
    {
        if (m_failed) return false;
        if (n > remaining()) {
            fail("truncated");
            return false;
        }
        m_p += n;
        return true;
    }
    uint64_t getLe(int n)
    {
        if (!take(size_t(n))) return 0;
        uint64_t v = 0;
        for (int i = 0; i < n; ++i) v |= uint64_t(m_p[i - n]) << (8 * i);
        return v;
    }

    const uint8_t* m_p;
    const uint8_t* m_end;
    bool m_failed = false;
    std::string m_failure;
};

} // namespace fg::proto
