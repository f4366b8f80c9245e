#pragma once
// Errors are values at every core boundary: no exception crosses the core API
// or a thread. Codes are stable; the CLI maps them to documented exit codes.

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace fg {

enum class Errc : int {
    Ok = 0,
    InvalidArgument,  // the user's input: options, paths, patterns
    NotFound,         // a path, module or host that does not exist
    PermissionDenied, // the OS refused access
    NoSpace,          // the target disk is full (ENOSPC / EDQUOT)
    Io,               // any other file I/O failure
    Vanished,         // a source file disappeared between scan and read
    Network,          // connect, read or write on a connection failed, or it was cut
    Protocol,         // a malformed, oversized or unexpected frame; version mismatch
    Tls,              // the TLS layer failed (handshake, certificate, record)
    NotPaired,        // the server does not know this client: pair first
    AuthFailed,       // wrong pairing code, or the server's identity changed
    ReadOnly,         // a write into a read-only module
    UnsafePath,       // absolute, '..', or escaping the root through a symlink
    VerifyFailed,     // the received data does not hash to what the sender sent
    Cancelled,        // the user or the peer cancelled the job
    Internal,         // a bug: an invariant did not hold
    NameCollision,    // two source names are one name on the destination (case, normalisation)
    DeleteLimit,      // --max-delete stopped deletions
    Timeout,          // --timeout: the far end went quiet for too long
    ConnectTimeout,   // --contimeout: the daemon did not answer in time
    Busy,             // the daemon runs as many jobs as it takes (serve --max-sessions): try again later
    UnholdableName,   // a name the destination's file system cannot hold (':' or CON on NTFS, FAT, exFAT)
};

const char* errcName(Errc code);

struct Error {
    Errc code = Errc::Internal;
    std::string message;  // says what failed and, where there is one, the remedy
    int sysErrno = 0;     // errno (or 0) behind the failure, for logs and mapping

    Error() = default;
    Error(Errc c, std::string msg, int err = 0) : code(c), message(std::move(msg)), sysErrno(err) {}
};

// Builds an Error from errno: "<what>: <strerror>", with ENOSPC, EACCES, ENOENT
// and friends mapped to their Errc so callers can react to the kind of failure.
Error sysError(int err, const std::string& what);

template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_v(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : m_v(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { assert(ok()); return std::get<0>(m_v); }
    const T& value() const& { assert(ok()); return std::get<0>(m_v); }
    T&& value() && { assert(ok()); return std::get<0>(std::move(m_v)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const Error& error() const& { assert(!ok()); return std::get<1>(m_v); }
    Error&& error() && { assert(!ok()); return std::get<1>(std::move(m_v)); }

private:
    std::variant<T, Error> m_v;
};

template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : m_error(std::move(error)), m_ok(false) {}

    bool ok() const { return m_ok; }
    explicit operator bool() const { return m_ok; }
    const Error& error() const& { assert(!m_ok); return m_error; }
    Error&& error() && { assert(!m_ok); return std::move(m_error); }

private:
    Error m_error;
    bool m_ok = true;
};

using Status = Result<void>;

} // namespace fg

// Propagates an error from an expression returning Result<...>.
#define FG_TRY(expr)                                              \
    do {                                                          \
        auto&& fg_try_result_ = (expr);                           \
        if (!fg_try_result_.ok()) return std::move(fg_try_result_).error(); \
    } while (0)

#define FG_CONCAT_INNER_(a, b) a##b
#define FG_CONCAT_(a, b) FG_CONCAT_INNER_(a, b)
// Declares `lhs` from the value of a Result expression, or returns its error.
#define FG_TRY_ASSIGN(lhs, expr) FG_TRY_ASSIGN_IMPL_(FG_CONCAT_(fg_tmp_, __LINE__), lhs, expr)
#define FG_TRY_ASSIGN_IMPL_(tmp, lhs, expr)             \
    auto tmp = (expr);                                  \
    if (!tmp.ok()) return std::move(tmp).error();       \
    lhs = std::move(tmp).value()
