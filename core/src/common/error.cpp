#include <floodgate/error.h>

#include "platform/errno_codes.h"

#include <cerrno>
#include <cstring>

namespace fg {

const char* errcName(Errc code)
{
    switch (code) {
    case Errc::Ok: return "ok";
    case Errc::InvalidArgument: return "invalid-argument";
    case Errc::NotFound: return "not-found";
    case Errc::PermissionDenied: return "permission-denied";
    case Errc::NoSpace: return "no-space";
    case Errc::Io: return "io";
    case Errc::Vanished: return "vanished";
    case Errc::Network: return "network";
    case Errc::Protocol: return "protocol";
    case Errc::Tls: return "tls";
    case Errc::NotPaired: return "not-paired";
    case Errc::AuthFailed: return "auth-failed";
    case Errc::ReadOnly: return "read-only";
    case Errc::UnsafePath: return "unsafe-path";
    case Errc::VerifyFailed: return "verify-failed";
    case Errc::Cancelled: return "cancelled";
    case Errc::Internal: return "internal";
    case Errc::NameCollision: return "name-collision";
    case Errc::UnholdableName: return "name-not-allowed";
    case Errc::DeleteLimit: return "delete-limit";
    case Errc::Timeout: return "timeout";
    case Errc::ConnectTimeout: return "connect-timeout";
    case Errc::Busy: return "busy";
    }
    return "unknown";
}

Error sysError(int err, const std::string& what)
{
    Errc code = Errc::Io;
    switch (err) {
    case ENOENT:
    case ENOTDIR: code = Errc::NotFound; break;
    case EACCES:
    case EPERM: code = Errc::PermissionDenied; break;
    case ENOSPC:
    case platform::kQuotaExceeded: code = Errc::NoSpace; break;
    case EROFS: code = Errc::ReadOnly; break;
    case ELOOP: code = Errc::UnsafePath; break;
    case ECONNREFUSED:
    case ECONNRESET:
    case EPIPE:
    case ETIMEDOUT:
    case EHOSTUNREACH:
    case ENETUNREACH: code = Errc::Network; break;
    default: break;
    }
    std::string message = what + ": " + std::strerror(err);
    if (code == Errc::NoSpace)
        message += " (free space, or inodes where a disk of many small files ran out of them (df -i), on the "
                   "target, or choose another destination)";
    return Error(code, std::move(message), err);
}

} // namespace fg
