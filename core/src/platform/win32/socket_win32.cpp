#include "platform/socket.h"

#include "platform/win32/win_error.h"
#include "platform/win32/win_text.h"

#include <winsock2.h>
#include <ws2tcpip.h>
#include <mstcpip.h>
#include <afunix.h>
#include <windows.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>
#include <thread>

// A SOCKET in the int the interfaces carry: socket handles are kernel
// handles, 32 significant bits (see fs_win32.cpp); INVALID_SOCKET is -1.

namespace fg::platform {
using namespace win32;
namespace {

SOCKET sock(int fd) { return SOCKET(intptr_t(fd)); }
int fdOf(SOCKET s) { return s == INVALID_SOCKET ? -1 : int(intptr_t(s)); }

Status startWinsock()
{
    static std::once_flag once;
    static int result = 0;
    std::call_once(once, [] {
        WSADATA data;
        result = ::WSAStartup(MAKEWORD(2, 2), &data);
    });
    if (result != 0) return winsockError(result, "start Windows sockets");
    return {};
}

Error lastSocketError(const std::string& what) { return winsockError(::WSAGetLastError(), what); }

// A socket, not a pipe: waitReady is asked about both.
bool isSocket(int fd)
{
    int type = 0;
    int len = sizeof type;
    return ::getsockopt(sock(fd), SOL_SOCKET, SO_TYPE, reinterpret_cast<char*>(&type), &len) == 0;
}

} // namespace

Socket::Socket(Socket&& other) noexcept : m_fd(other.m_fd) { other.m_fd = -1; }

Socket& Socket::operator=(Socket&& other) noexcept
{
    if (this != &other) {
        close();
        m_fd = other.m_fd;
        other.m_fd = -1;
    }
    return *this;
}

Socket::~Socket() { close(); }

void Socket::close()
{
    if (m_fd >= 0) ::closesocket(sock(m_fd));
    m_fd = -1;
}

Result<Socket> Socket::connectTcp(const std::string& host, uint16_t port, int timeoutMs)
{
    FG_TRY(startWinsock());
    struct addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    struct addrinfo* res = nullptr;
    const std::string service = std::to_string(port);
    if (int gai = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &res); gai != 0) {
        Error e = winsockError(gai, "cannot resolve host '" + host + "'");
        e.message += " (check the name, or use an IP address)";
        return e;
    }
    Error last(Errc::Network, "no address for " + host);
    for (auto* ai = res; ai; ai = ai->ai_next) {
        SOCKET s = ::WSASocketW(ai->ai_family, ai->ai_socktype, ai->ai_protocol, nullptr, 0, WSA_FLAG_NO_HANDLE_INHERIT);
        if (s == INVALID_SOCKET) {
            last = lastSocketError("socket");
            continue;
        }
        Socket socket(fdOf(s));
        (void)socket.setNonBlocking(true);
        int rc = ::connect(s, ai->ai_addr, int(ai->ai_addrlen));
        if (rc != 0 && ::WSAGetLastError() == WSAEWOULDBLOCK) {
            // Windows reports a refused connect as an error event, not as writable.
            WSAPOLLFD p{};
            p.fd = s;
            p.events = POLLWRNORM;
            const int n = ::WSAPoll(&p, 1, timeoutMs);
            if (n == 0) {
                last = Error(Errc::Network, "connecting to " + host + ":" + service + " timed out", ETIMEDOUT);
                continue;
            }
            int soerr = 0;
            int len = sizeof soerr;
            ::getsockopt(s, SOL_SOCKET, SO_ERROR, reinterpret_cast<char*>(&soerr), &len);
            if (n < 0) soerr = ::WSAGetLastError();
            rc = soerr == 0 ? 0 : -1;
            ::WSASetLastError(soerr);
        }
        if (rc != 0) {
            last = lastSocketError("connect to " + host + ":" + service);
            last.code = Errc::Network;
            continue;
        }
        ::freeaddrinfo(res);
        FG_TRY(socket.setNonBlocking(false));
        (void)socket.setNoDelay(true);
        return socket;
    }
    ::freeaddrinfo(res);
    if (last.sysErrno == ECONNREFUSED) last.message += " (is `floodgate serve` running there, and on this port?)";
    return last;
}

Result<size_t> Socket::read(void* buffer, size_t n)
{
    const int r = ::recv(sock(m_fd), static_cast<char*>(buffer), int(std::min<size_t>(n, 1u << 30)), 0);
    if (r >= 0) return size_t(r);
    const int err = ::WSAGetLastError();
    if (err == WSAEWOULDBLOCK) return Error(Errc::Network, "would block", EAGAIN);
    return winsockError(err, "receive");
}

Result<size_t> Socket::writeSome(const void* data, size_t n)
{
    const int w = ::send(sock(m_fd), static_cast<const char*>(data), int(std::min<size_t>(n, 1u << 30)), 0);
    if (w >= 0) return size_t(w);
    const int err = ::WSAGetLastError();
    if (err == WSAEWOULDBLOCK) return size_t(0);
    return winsockError(err, "send");
}

Status Socket::writeAll(const void* data, size_t n)
{
    const auto* p = static_cast<const char*>(data);
    while (n > 0) {
        FG_TRY_ASSIGN(size_t w, writeSome(p, n));
        if (w == 0) {
            FG_TRY(waitReady(m_fd, Readiness::Writable, -1));
            continue;
        }
        p += w;
        n -= w;
    }
    return {};
}

Status Socket::setNonBlocking(bool on)
{
    u_long mode = on ? 1 : 0;
    if (::ioctlsocket(sock(m_fd), FIONBIO, &mode) != 0) return lastSocketError("ioctlsocket");
    return {};
}

Status Socket::setNoDelay(bool on)
{
    BOOL v = on ? TRUE : FALSE;
    if (::setsockopt(sock(m_fd), IPPROTO_TCP, TCP_NODELAY, reinterpret_cast<const char*>(&v), sizeof v) != 0)
        return lastSocketError("TCP_NODELAY");
    return {};
}

void Socket::shutdownBoth()
{
    if (m_fd >= 0) ::shutdown(sock(m_fd), SD_BOTH);
}

namespace {
bool peerParts(int fd, std::string* host, std::string* port)
{
    struct sockaddr_storage ss{};
    int len = sizeof ss;
    if (::getpeername(sock(fd), reinterpret_cast<struct sockaddr*>(&ss), &len) != 0) return false;
    char h[NI_MAXHOST] = {};
    char s[NI_MAXSERV] = {};
    if (::getnameinfo(reinterpret_cast<struct sockaddr*>(&ss), len, h, sizeof h, s, sizeof s,
                      NI_NUMERICHOST | NI_NUMERICSERV) != 0)
        return false;
    *host = h;
    *port = s;
    return true;
}
} // namespace

std::string Socket::peerName() const
{
    std::string host, port;
    return peerParts(m_fd, &host, &port) ? host + ":" + port : std::string("?");
}

std::string Socket::peerAddress() const
{
    std::string host, port;
    return peerParts(m_fd, &host, &port) ? host : std::string("?");
}

Listener::Listener(Listener&& other) noexcept
    : m_fd(other.m_fd), m_port(other.m_port), m_localPath(std::move(other.m_localPath))
{
    other.m_fd = -1;
    other.m_localPath.clear();
}

Listener& Listener::operator=(Listener&& other) noexcept
{
    if (this != &other) {
        close();
        m_fd = other.m_fd;
        m_port = other.m_port;
        m_localPath = std::move(other.m_localPath);
        other.m_fd = -1;
        other.m_localPath.clear();
    }
    return *this;
}

Listener::~Listener() { close(); }

void Listener::close()
{
    if (m_fd >= 0) ::closesocket(sock(m_fd));
    m_fd = -1;
    if (!m_localPath.empty()) ::DeleteFileW(toWindowsPath(m_localPath).c_str());
    m_localPath.clear();
}

namespace {
// Windows 10 (1803) has Unix domain sockets; the path goes in as UTF-8.
Result<SOCKADDR_UN> localAddress(const std::string& path)
{
    SOCKADDR_UN addr{};
    addr.sun_family = AF_UNIX;
    if (path.size() >= sizeof addr.sun_path)
        return Error(Errc::InvalidArgument, "the admin socket path " + path + " is longer than "
                                                + std::to_string(sizeof addr.sun_path - 1)
                                                + " bytes, which local sockets allow; use a shorter --state-dir");
    std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
    return addr;
}
} // namespace

Result<Socket> Socket::connectLocal(const std::string& path)
{
    FG_TRY(startWinsock());
    FG_TRY_ASSIGN(SOCKADDR_UN addr, localAddress(path));
    SOCKET s = ::WSASocketW(AF_UNIX, SOCK_STREAM, 0, nullptr, 0, WSA_FLAG_NO_HANDLE_INHERIT);
    if (s == INVALID_SOCKET) return lastSocketError("socket");
    if (::connect(s, reinterpret_cast<struct sockaddr*>(&addr), sizeof addr) != 0) {
        Error e = lastSocketError("connect to " + path);
        ::closesocket(s);
        return e;
    }
    return Socket(fdOf(s));
}

bool Socket::peerIsSameUserOrAdmin() const
{
    // Windows' Unix sockets tell no peer credentials. The socket file is in
    // the state directory, under the user's profile, whose ACL lets in only
    // the user, SYSTEM and administrators: reaching it at all is the check.
    return m_fd >= 0;
}

Result<Listener> Listener::listenLocal(const std::string& path)
{
    FG_TRY(startWinsock());
    FG_TRY_ASSIGN(SOCKADDR_UN addr, localAddress(path));
    if (auto probe = Socket::connectLocal(path); probe.ok())
        return Error(Errc::InvalidArgument, "another floodgate daemon is running with this state directory (it "
                                                "answers on " + path + ")");
    ::DeleteFileW(toWindowsPath(path).c_str());
    SOCKET s = ::WSASocketW(AF_UNIX, SOCK_STREAM, 0, nullptr, 0, WSA_FLAG_NO_HANDLE_INHERIT);
    if (s == INVALID_SOCKET) return lastSocketError("socket");
    if (::bind(s, reinterpret_cast<struct sockaddr*>(&addr), sizeof addr) != 0 || ::listen(s, 16) != 0) {
        Error e = lastSocketError("make the admin socket " + path);
        ::closesocket(s);
        ::DeleteFileW(toWindowsPath(path).c_str());
        return e;
    }
    Listener l;
    l.m_fd = fdOf(s);
    l.m_localPath = path;
    return l;
}

Result<Listener> Listener::listenTcp(const std::string& host, uint16_t port)
{
    FG_TRY(startWinsock());
    struct addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    struct addrinfo* res = nullptr;
    const std::string service = std::to_string(port);
    if (int gai = ::getaddrinfo(host.empty() ? nullptr : host.c_str(), service.c_str(), &hints, &res); gai != 0) {
        Error e = winsockError(gai, "cannot resolve listen address '" + host + "'");
        e.code = Errc::InvalidArgument;
        return e;
    }
    Error last(Errc::Network, "no address to listen on for " + host);
    for (auto* ai = res; ai; ai = ai->ai_next) {
        SOCKET s = ::WSASocketW(ai->ai_family, ai->ai_socktype, ai->ai_protocol, nullptr, 0, WSA_FLAG_NO_HANDLE_INHERIT);
        if (s == INVALID_SOCKET) {
            last = lastSocketError("socket");
            continue;
        }
        // Windows' SO_REUSEADDR would let a second daemon take the port
        // from under the first; exclusive use is what POSIX's default gives.
        BOOL one = TRUE;
        ::setsockopt(s, SOL_SOCKET, SO_EXCLUSIVEADDRUSE, reinterpret_cast<const char*>(&one), sizeof one);
        if (::bind(s, ai->ai_addr, int(ai->ai_addrlen)) != 0 || ::listen(s, 128) != 0) {
            last = lastSocketError("listen on " + host + ":" + service);
            last.code = Errc::Network;
            ::closesocket(s);
            continue;
        }
        struct sockaddr_storage ss{};
        int len = sizeof ss;
        ::getsockname(s, reinterpret_cast<struct sockaddr*>(&ss), &len);
        Listener l;
        l.m_fd = fdOf(s);
        l.m_port = ss.ss_family == AF_INET6 ? ntohs(reinterpret_cast<struct sockaddr_in6*>(&ss)->sin6_port)
                                            : ntohs(reinterpret_cast<struct sockaddr_in*>(&ss)->sin_port);
        ::freeaddrinfo(res);
        return l;
    }
    ::freeaddrinfo(res);
    return last;
}

Result<Socket> Listener::accept(int timeoutMs)
{
    FG_TRY_ASSIGN(bool ready, waitReady(m_fd, Readiness::Readable, timeoutMs));
    if (!ready) return Socket();
    SOCKET s = ::accept(sock(m_fd), nullptr, nullptr);
    if (s == INVALID_SOCKET) {
        const int err = ::WSAGetLastError();
        if (err == WSAEWOULDBLOCK || err == WSAECONNRESET || err == WSAEINTR) return Socket();
        return winsockError(err, "accept");
    }
    // An accepted socket inherits the listener's non-blocking mode.
    u_long blocking = 0;
    ::ioctlsocket(s, FIONBIO, &blocking);
    ::SetHandleInformation(reinterpret_cast<HANDLE>(s), HANDLE_FLAG_INHERIT, 0);
    Socket socket(fdOf(s));
    (void)socket.setNoDelay(true); // refused on the admin door's local socket, which needs none
    return socket;
}

namespace {
// Anonymous pipes cannot be waited on with a timeout: their readiness is
// looked at with PeekNamedPipe, a millisecond apart at first, then less
// often. A pipe that broke counts as ready (the read reports it).
Result<bool> waitPipe(int fd, Readiness what, int timeoutMs)
{
    if (what == Readiness::Writable) return true; // pipe writes block instead (process_win32.cpp)
    HANDLE h = LongToHandle(fd);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    for (int sleepMs = 0;; sleepMs = std::min(sleepMs + 1, 10)) {
        DWORD available = 0;
        if (!::PeekNamedPipe(h, nullptr, 0, nullptr, &available, nullptr) || available > 0) return true;
        if (timeoutMs >= 0 && std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(sleepMs));
    }
}
} // namespace

bool peerHasClosed(int fd)
{
    if (!isSocket(fd)) return false;
    WSAPOLLFD p{};
    p.fd = sock(fd);
    p.events = POLLRDNORM;
    if (::WSAPoll(&p, 1, 0) <= 0) return false;
    if (p.revents & (POLLHUP | POLLERR)) return true;
    if (!(p.revents & POLLRDNORM)) return false;
    // Readable: bytes (still open), or the end (a peek of 0) or a reset.
    char c = 0;
    const int n = ::recv(sock(fd), &c, 1, MSG_PEEK);
    return n == 0 || (n == SOCKET_ERROR && ::WSAGetLastError() != WSAEWOULDBLOCK);
}

Result<bool> waitReady(int fd, Readiness what, int timeoutMs)
{
    if (!isSocket(fd)) return waitPipe(fd, what, timeoutMs);
    WSAPOLLFD p{};
    p.fd = sock(fd);
    p.events = what == Readiness::Readable ? POLLRDNORM : POLLWRNORM;
    const int rc = ::WSAPoll(&p, 1, timeoutMs);
    if (rc < 0) return lastSocketError("poll");
    // Errors and hang-ups count as ready: the next read or write reports them.
    return rc > 0;
}

Result<TcpInfo> tcpInfo(int fd)
{
    // SIO_TCP_INFO (Windows 10 1703 and later; version 1, with the Web100
    // send-limit times, from 1809).
    DWORD version = 1;
    TCP_INFO_v1 ti{};
    DWORD got = 0;
    if (::WSAIoctl(sock(fd), SIO_TCP_INFO, &version, sizeof version, &ti, sizeof ti, &got, nullptr, nullptr) != 0)
        return lastSocketError("SIO_TCP_INFO");
    TcpInfo out;
    out.rttUs = ti.RttUs;
    out.minRttUs = ti.MinRttUs;
    out.mss = ti.Mss;
    out.cwndSegments = ti.Mss ? ti.Cwnd / ti.Mss : 0;
    out.totalRetrans = ti.FastRetrans + ti.TimeoutEpisodes;
    out.bytesSent = ti.BytesOut;
    out.bytesRetrans = ti.BytesRetrans;
    out.bytesReceived = ti.BytesIn;
    out.bytesAcked = ti.BytesOut > ti.BytesInFlight + ti.BytesRetrans ? ti.BytesOut - ti.BytesInFlight - ti.BytesRetrans : 0;
    if (got >= sizeof ti) {
        // Web100's three states split the time there was data to send: held
        // by the receiver's window, by the congestion window, or by this
        // sender (its buffer or the program). Milliseconds.
        const uint64_t rwnd = uint64_t(ti.SndLimTimeRwin) * 1000;
        const uint64_t cwnd = uint64_t(ti.SndLimTimeCwnd) * 1000;
        const uint64_t sender = uint64_t(ti.SndLimTimeSnd) * 1000;
        out.busyUs = rwnd + cwnd + sender;
        out.rwndLimitedUs = rwnd;
        out.sndbufLimitedUs = sender;
        out.hasChronographs = true;
    }
    return out;
}

NetLimits readNetLimits()
{
    // Windows has no socket-buffer ceilings to read: its receive window
    // autotuning grows to 16 MiB by itself, and a program may ask SO_SNDBUF
    // for anything. The congestion control is chosen for the whole system.
    NetLimits l;
    return l;
}

Status setCongestionControl(int, const std::string& name)
{
    return Error(Errc::InvalidArgument, "congestion control '" + name
                                            + "': Windows chooses it for the whole system, not per connection "
                                              "(netsh int tcp set supplemental); leave out --congestion",
                 ENOTSUP);
}

std::string congestionControl(int) { return {}; }

Status setNotSentLowat(int, uint32_t)
{
    return Error(Errc::InvalidArgument, "TCP_NOTSENT_LOWAT: Windows has no such setting", ENOTSUP);
}

Result<uint32_t> notSentLowat(int)
{
    return Error(Errc::InvalidArgument, "TCP_NOTSENT_LOWAT: Windows has no such setting", ENOTSUP);
}

Result<uint64_t> sendBufferSize(int fd)
{
    int v = 0;
    int len = sizeof v;
    if (::getsockopt(sock(fd), SOL_SOCKET, SO_SNDBUF, reinterpret_cast<char*>(&v), &len) != 0)
        return lastSocketError("SO_SNDBUF");
    return uint64_t(v);
}

Status setSendBufferSize(int fd, uint64_t bytes, bool)
{
    int v = int(std::min<uint64_t>(bytes, uint64_t(1) << 30));
    if (::setsockopt(sock(fd), SOL_SOCKET, SO_SNDBUF, reinterpret_cast<const char*>(&v), sizeof v) != 0)
        return lastSocketError("SO_SNDBUF");
    return {};
}

// Windows has no SIGPIPE: a write to a closed socket or pipe fails with an error.
void ignoreSigpipe() {}

} // namespace fg::platform
