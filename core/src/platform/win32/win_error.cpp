#include "platform/win32/win_error.h"

#include "platform/win32/win_text.h"

#include <winsock2.h>
#include <windows.h>
#include <winternl.h>

#include <cerrno>

namespace fg::platform::win32 {
namespace {

// FormatMessage's text, without its trailing ".\r\n".
std::string systemMessage(uint32_t code)
{
    wchar_t* text = nullptr;
    const DWORD n = ::FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM
                                         | FORMAT_MESSAGE_IGNORE_INSERTS,
                                     nullptr, code, 0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
    std::string out = n && text ? narrow(std::wstring_view(text, n)) : "Windows error " + std::to_string(code);
    if (text) ::LocalFree(text);
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == '.' || out.back() == ' '))
        out.pop_back();
    return out;
}

Error withMessage(int err, uint32_t code, const std::string& what)
{
    Error e = sysError(err != 0 ? err : EIO, what);
    e.message = what + ": " + systemMessage(code);
    if (e.code == Errc::NoSpace) e.message += " (free space on the target, or choose another destination)"; // NTFS has no inode limit
    if (code == ERROR_SHARING_VIOLATION || code == ERROR_LOCK_VIOLATION)
        e.message += " (another program holds it open or locked: close it, then sync again)";
    return e;
}

} // namespace

int errnoFromWin32(uint32_t code)
{
    switch (code) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_DRIVE:
    case ERROR_BAD_NETPATH:
    case ERROR_BAD_NET_NAME:
    case ERROR_NO_MORE_FILES: return ENOENT;
    case ERROR_ACCESS_DENIED:
    case ERROR_PRIVILEGE_NOT_HELD:
    case ERROR_NETWORK_ACCESS_DENIED: return EACCES;
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
    case ERROR_BUSY: return EBUSY;
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS: return EEXIST;
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL:
    case 1295 /* ERROR_DISK_QUOTA_EXCEEDED */: return ENOSPC;
    case ERROR_DIR_NOT_EMPTY: return ENOTEMPTY;
    case ERROR_NOT_SAME_DEVICE: return EXDEV;
    case ERROR_WRITE_PROTECT: return EROFS;
    case ERROR_DIRECTORY: return ENOTDIR;
    case ERROR_CANT_RESOLVE_FILENAME: return ELOOP;
    case ERROR_FILENAME_EXCED_RANGE: return ENAMETOOLONG;
    case ERROR_INVALID_NAME:
    case ERROR_INVALID_PARAMETER:
    case ERROR_NEGATIVE_SEEK: return EINVAL;
    case ERROR_NOT_SUPPORTED:
    case ERROR_INVALID_FUNCTION:
    case ERROR_CALL_NOT_IMPLEMENTED: return ENOTSUP;
    case ERROR_BROKEN_PIPE:
    case ERROR_NO_DATA:
    case ERROR_PIPE_NOT_CONNECTED: return EPIPE;
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY: return ENOMEM;
    case ERROR_TOO_MANY_OPEN_FILES: return EMFILE;
    case ERROR_OPERATION_ABORTED: return EINTR;
    default: return EIO;
    }
}

int errnoFromWinsock(int code)
{
    switch (code) {
    case WSAEWOULDBLOCK: return EAGAIN;
    case WSAEINPROGRESS: return EINPROGRESS;
    case WSAECONNREFUSED: return ECONNREFUSED;
    case WSAECONNRESET:
    case WSAECONNABORTED: return ECONNRESET;
    case WSAETIMEDOUT: return ETIMEDOUT;
    case WSAEHOSTUNREACH: return EHOSTUNREACH;
    case WSAENETUNREACH:
    case WSAENETDOWN: return ENETUNREACH;
    case WSAEADDRINUSE: return EADDRINUSE;
    case WSAEADDRNOTAVAIL: return EADDRNOTAVAIL;
    case WSAEACCES: return EACCES;
    case WSAEINTR: return EINTR;
    case WSAENOTSOCK:
    case WSAEBADF: return EBADF;
    case WSAESHUTDOWN:
    case WSAENOTCONN: return EPIPE;
    case WSAENOBUFS: return ENOBUFS;
    case WSAEINVAL: return EINVAL;
    case WSAENOPROTOOPT:
    case WSAEOPNOTSUPP: return ENOTSUP;
    default: return EIO;
    }
}

Error win32Error(uint32_t code, const std::string& what) { return withMessage(errnoFromWin32(code), code, what); }

Error lastError(const std::string& what) { return win32Error(::GetLastError(), what); }

Error ntError(long status, const std::string& what)
{
    return win32Error(::RtlNtStatusToDosError(NTSTATUS(status)), what);
}

Error winsockError(int code, const std::string& what)
{
    Error e = withMessage(errnoFromWinsock(code), uint32_t(code), what);
    if (e.code == Errc::Io) e.code = Errc::Network;
    return e;
}

} // namespace fg::platform::win32
